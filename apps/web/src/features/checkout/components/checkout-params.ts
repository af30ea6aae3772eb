import { SELL_TYPE, type SellType } from '@esd/shared/shop/pricing.rules';

/** '1' / 1 → cash, '2' / 2 → credit; anything else is no choice (the server picks). */
export const parseSellType = (value: unknown): SellType | undefined => {
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  if (number === SELL_TYPE.cash) return SELL_TYPE.cash;
  if (number === SELL_TYPE.credit) return SELL_TYPE.credit;
  return undefined;
};

export const sellTypeName = (value: SellType) =>
  value === SELL_TYPE.credit ? ('credit' as const) : ('cash' as const);
