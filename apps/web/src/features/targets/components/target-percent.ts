import { toCents } from '@esd/shared/shop/money';

/** Whole percent of a target reached, exact (BigInt cents), capped at 999. */
export const percentReached = (achieved: string, target: string): number => {
  const goal = toCents(target);
  if (goal <= 0n) return 0;
  const percent = (toCents(achieved) * 100n) / goal;
  return Number(percent > 999n ? 999n : percent);
};
