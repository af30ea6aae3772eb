import { SELL_TYPE, type SellType } from '@esd/shared/shop/pricing.rules';

/** A basket line's stored sell type as the typed one (spec 3: 1 cash, 2 credit). */
export const toSellType = (value: number): SellType =>
  value === SELL_TYPE.credit ? SELL_TYPE.credit : SELL_TYPE.cash;

export const sellTypeKey = (value: number) =>
  toSellType(value) === SELL_TYPE.credit ? ('credit' as const) : ('cash' as const);

/** The remembered choice while it is still allowed, else the first allowed type. */
export const chooseSellType = (
  allowed: readonly SellType[],
  stored: number | undefined,
): SellType | undefined => allowed.find((type) => type === stored) ?? allowed[0];

/** The way of paying checkout opens on: the remembered choice when the basket has such lines. */
export const checkoutSellType = (
  lines: readonly { sell_type: number }[],
  stored: number | undefined,
): SellType | undefined => {
  const types = lines.map((line) => toSellType(line.sell_type));
  return types.find((type) => type === stored) ?? types[0];
};
