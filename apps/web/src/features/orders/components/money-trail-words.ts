import type { MoneyMovementKind, OrderMoney } from '@esd/shared/orders/orders.rules';
import { compareMoney } from '@esd/shared/shop/money';

/** The translation key naming a movement of an order's money. */
export const moneyKindKey = (kind: MoneyMovementKind) => `orders.money.kinds.${kind}` as const;

/**
 * Which sentence sums up what the order owes by its trail (`money_owed`): still owed while a
 * payment or settlement is due, owed back when money is to go back, settled when nothing is.
 */
export const owedState = (owed: OrderMoney): 'owed' | 'owedBack' | 'settled' => {
  const sign = compareMoney(owed.usd, '0') || compareMoney(owed.azn, '0');
  return sign > 0 ? 'owed' : sign < 0 ? 'owedBack' : 'settled';
};

/** An amount without its sign: the sentence says which way it goes. */
export const unsigned = (amount: string) => amount.replace(/^-/, '');
