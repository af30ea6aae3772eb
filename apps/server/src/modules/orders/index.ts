/**
 * The orders module's public surface (issue 30): what other modules may use of it. Another module
 * imports this file only, never one of the module's own files (`npm run lint:deps`).
 */

export {
  invalidState,
  orderNotFound,
} from './order-actions.service';
export {
  claimBuyerMail,
  claimOrderMails,
  confirmOrderMails,
  findOrderMail,
  releaseOrderMails,
} from './order-mail-claims.repository';
export {
  completeIfDelivered,
  findCreditLimit,
  findHeldKeys,
  findOrderItems,
  findVisibleOrder,
  itemTotals,
  lateItemsCondition,
  markItemDelivered,
  type OrderListRow,
  orderScope,
  selectOrders,
  sumUnpaidCredit,
  unpaidCreditByDealer,
  unpaidCreditColumn,
} from './orders.repository';
export { orderDetail, placedOrderDetail } from './orders.service';
