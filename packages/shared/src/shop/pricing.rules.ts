import type { Role } from '../access/access.rules';
import {
  addPercent,
  compareMoney,
  divideRounded,
  fromCents,
  PERCENT_SCALE,
  parseDecimal,
  RATE_SCALE,
  toCents,
} from './money';

/** A dealer's own setting for what its users pay for one product. */
export type OwnPriceSetting = { mode: 'price' | 'markup'; value: string };

export type PricingInput = {
  /** the role of whoever looks at (or buys) the product */
  role: Role;
  /** USD, VAT excluded */
  dealerPrice: string;
  /** USD, VAT excluded: the recommended end-user price */
  unitPrice: string;
  /** the buying dealer's markup group percent (category override already chosen) */
  dealerMarkupPercent: string | null;
  /** for an end user: its dealer's own setting for this product */
  ownSetting: OwnPriceSetting | null;
  /** for an end user: the markup of the user group its dealer put it in */
  userGroupMarkupPercent: string | null;
};

/** What a dealer pays: the dealer price plus its markup group's percent. */
export const dealerCost = (input: Pick<PricingInput, 'dealerPrice' | 'dealerMarkupPercent'>) =>
  addPercent(input.dealerPrice, input.dealerMarkupPercent ?? '0');

/**
 * The USD price (VAT excluded) this viewer pays, from the pricing chain:
 * admins see the list (unit) price; a dealer pays its cost; an end user pays its dealer's
 * own price or markup for the product, else the markup of its user group over the dealer's
 * cost, else the recommended unit price — never less than what the dealer pays
 * (`atLeastCost`: a setting stored before the cost rose is clamped, never sold below cost).
 */
export const priceFor = (input: PricingInput): string => {
  switch (input.role) {
    case 'gd':
    case 'ld':
      return input.unitPrice;
    case 'd':
      return dealerCost(input);
    case 'u':
      return atLeastCost(endUserListPrice(input), dealerCost(input));
    default: {
      const exhaustive: never = input.role;
      throw new Error(`unknown role ${exhaustive}`);
    }
  }
};

/** What the end user's chain asks for, before the floor of the dealer's cost. */
const endUserListPrice = (input: PricingInput) => {
  const cost = dealerCost(input);
  if (input.ownSetting?.mode === 'price') return input.ownSetting.value;
  if (input.ownSetting?.mode === 'markup') return addPercent(cost, input.ownSetting.value);
  if (input.userGroupMarkupPercent !== null) return addPercent(cost, input.userGroupMarkupPercent);
  return input.unitPrice;
};

/**
 * Invariant 1, never below cost (docs/invariants.md): an end user's price is at least what
 * its dealer pays the distributor for the product.
 */
export const atLeastCost = (price: string, cost: string) =>
  compareMoney(price, cost) >= 0 ? price : cost;

/**
 * The lowest own price a dealer may set for its users, or null when `setting` is allowed:
 * a price below the dealer's cost is refused when it is set (invariant 1).
 */
export const ownSettingBelowCost = (setting: OwnPriceSetting, cost: string): string | null =>
  setting.mode === 'price' && compareMoney(setting.value, cost) < 0 ? cost : null;

export type AznInput = {
  /** USD, VAT excluded */
  usd: string;
  /** AZN per 1 USD, up to 4 decimals */
  rate: string;
  vatPercent: string;
  /** extra percent for paying on credit (0 for cash) */
  surchargePercent: string;
};

/** The AZN amount to pay, VAT included: usd × (1 + surcharge) × rate × (1 + VAT), rounded once. */
export const toAzn = ({ usd, rate, vatPercent, surchargePercent }: AznInput): string => {
  const hundred = 10_000n;
  const numerator =
    toCents(usd) *
    (hundred + parseDecimal(surchargePercent, PERCENT_SCALE)) *
    parseDecimal(rate, RATE_SCALE) *
    (hundred + parseDecimal(vatPercent, PERCENT_SCALE));
  return fromCents(divideRounded(numerator, hundred * 10_000n * hundred));
};

/**
 * Specification §1, paid at the bank's rate at payment time (issue 31): an order's AZN amounts
 * at `rate`, each line as checkout prices it (the unit's AZN amount, rounded once, times the
 * quantity) with the order's own VAT and surcharge, and the order's total as their sum. A cash
 * order's amounts are worked out again with this on the day its payment is confirmed.
 */
export const aznAtRate = <Line extends { unitUsd: string; quantity: number }>(
  order: { vatPercent: string; surchargePercent: string },
  lines: readonly Line[],
  rate: string,
): { lines: (Line & { totalAzn: string })[]; totalAzn: string } => {
  const priced = lines.map((line) => {
    const unitAzn = toAzn({
      usd: line.unitUsd,
      rate,
      vatPercent: order.vatPercent,
      surchargePercent: order.surchargePercent,
    });
    return { ...line, totalAzn: fromCents(toCents(unitAzn) * BigInt(line.quantity)) };
  });
  return {
    lines: priced,
    totalAzn: fromCents(priced.reduce((sum, line) => sum + toCents(line.totalAzn), 0n)),
  };
};

/** Sell types of spec 3: 1 cash, 2 credit. */
export const SELL_TYPE = { cash: 1, credit: 2 } as const;
export type SellType = (typeof SELL_TYPE)[keyof typeof SELL_TYPE];
/** How people, translation keys and URLs name a sell type. */
export type SellTypeName = keyof typeof SELL_TYPE;
export const sellTypeName = (type: SellType): SellTypeName =>
  type === SELL_TYPE.credit ? 'credit' : 'cash';

/** Which sell types a shopper may use: dealers both; end users as their AZN flags allow. */
export const allowedSellTypes = (user: {
  type_id: number;
  need_azn_cash: boolean;
  need_azn_credit: boolean;
}): SellType[] => {
  if (user.type_id === 3) return [SELL_TYPE.cash, SELL_TYPE.credit];
  if (user.type_id !== 4) return [];
  const types: SellType[] = [];
  if (user.need_azn_cash) types.push(SELL_TYPE.cash);
  if (user.need_azn_credit) types.push(SELL_TYPE.credit);
  return types.length > 0 ? types : [SELL_TYPE.cash];
};
