import type { LicenceKey, OrderItem } from '@esd/shared/orders/orders.schemas';

/** The one dialog an order's detail may have open. */
export type OrderDialog =
  | { kind: 'confirmPayment' }
  | { kind: 'cancel' }
  | { kind: 'settleCredit' }
  | { kind: 'sendKeys' }
  | { kind: 'deliver'; item: OrderItem }
  | { kind: 'withdraw'; item: OrderItem }
  | { kind: 'activate'; item: OrderItem; licence: LicenceKey }
  | { kind: 'requestReturn'; item: OrderItem }
  | { kind: 'decideReturn'; item: OrderItem; returnId: number; approve: boolean };

export type OpenDialog = (dialog: OrderDialog) => void;

/** Keys typed one per line: blank lines and surrounding spaces do not count. */
export const parseKeyLines = (text: string) =>
  text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '');

/** Whether the buyer may still ask to return the item (the server checks again). */
export const canAskReturn = (item: OrderItem, now = Date.now()) =>
  item.returnable_until !== null &&
  Date.parse(item.returnable_until) > now &&
  item.status === 'delivered' &&
  item.return_request?.status !== 'requested';
