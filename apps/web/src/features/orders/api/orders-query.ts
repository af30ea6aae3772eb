import type { OrderStatusName } from '@esd/shared/orders/orders.rules';
import type { SellType } from '@esd/shared/shop/pricing.rules';

/** What GET /api/orders is sent (orderListQuerySchema of the shared contract reads it). */
export type OrdersQuery = {
  page: number;
  perPage: number;
  id?: number;
  sku?: string;
  product?: string;
  date_from?: string;
  date_to?: string;
  status?: OrderStatusName;
  sell_type?: SellType;
  waiting?: 'true';
};
