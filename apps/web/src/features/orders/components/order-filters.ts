import { ORDER_DISPLAY_STATUSES, type OrderDisplayStatus } from '@esd/shared/orders/orders.rules';
import { type SellType, sellTypeName } from '@esd/shared/shop/pricing.rules';
import type { ExportQuery } from '../api/export-orders';
import type { OrdersQuery } from '../api/orders-query';

/** The list's filters (spec 2: id, SKU, product name, dates, status; plus type and waiting). */
export type OrderFilters = {
  id?: number;
  sku?: string;
  product?: string;
  /** YYYY-MM-DD */
  dateFrom?: string;
  dateTo?: string;
  /** what the list shows (`display_status`): Completed finds no order with returns */
  status?: OrderDisplayStatus;
  sellType?: SellType;
  waiting?: boolean;
  page: number;
};

/** The detail drawer's search param: `/pages/orders?order=12` can be shared. */
export const ORDER_PARAM = 'order';

const MAX_ID = 2_147_483_647;

const positiveInt = (value: string | null) => {
  if (!value || !/^\d{1,10}$/.test(value.trim())) return undefined;
  const number = Number(value);
  return number > 0 && number <= MAX_ID ? number : undefined;
};

const text = (value: string | null, max: number) => {
  const trimmed = value?.trim();
  return trimmed ? trimmed.slice(0, max) : undefined;
};

const isoDate = (value: string | null) => {
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return undefined;
  return Number.isNaN(Date.parse(`${value}T00:00:00Z`)) ? undefined : value;
};

const isStatus = (value: string | null): value is OrderDisplayStatus =>
  (ORDER_DISPLAY_STATUSES as readonly (string | null)[]).includes(value);

/** The filters from the URL; anything unreadable is dropped rather than sent. */
export const parseOrderFilters = (search: URLSearchParams): OrderFilters => {
  const status = search.get('status');
  const type = search.get('type');
  return {
    id: positiveInt(search.get('id')),
    sku: text(search.get('sku'), 64),
    product: text(search.get('product'), 100),
    dateFrom: isoDate(search.get('from')),
    dateTo: isoDate(search.get('to')),
    status: isStatus(status) ? status : undefined,
    sellType: type === 'cash' ? 1 : type === 'credit' ? 2 : undefined,
    waiting: search.get('waiting') === 'true' ? true : undefined,
    page: positiveInt(search.get('page')) ?? 1,
  };
};

/** Only what is set goes into the URL; the open order (if any) stays. */
export const toOrdersSearch = (filters: OrderFilters, openOrder?: number): URLSearchParams => {
  const search = new URLSearchParams();
  if (filters.id) search.set('id', String(filters.id));
  if (filters.sku) search.set('sku', filters.sku);
  if (filters.product) search.set('product', filters.product);
  if (filters.dateFrom) search.set('from', filters.dateFrom);
  if (filters.dateTo) search.set('to', filters.dateTo);
  if (filters.status) search.set('status', filters.status);
  if (filters.sellType) search.set('type', sellTypeName(filters.sellType));
  if (filters.waiting) search.set('waiting', 'true');
  if (filters.page > 1) search.set('page', String(filters.page));
  if (openOrder) search.set(ORDER_PARAM, String(openOrder));
  return search;
};

/** What GET /api/orders/export is asked (the list's filters without the page). */
export const toExportQuery = (filters: OrderFilters): ExportQuery => ({
  id: filters.id,
  sku: filters.sku,
  product: filters.product,
  date_from: filters.dateFrom,
  date_to: filters.dateTo,
  status: filters.status,
  sell_type: filters.sellType,
  waiting: filters.waiting || undefined,
});

/** What GET /api/orders is asked. */
export const toOrdersQuery = (filters: OrderFilters, perPage: number): OrdersQuery => ({
  page: filters.page,
  perPage,
  ...toExportQuery(filters),
});

export const hasFilters = (filters: OrderFilters) =>
  Object.values(toExportQuery(filters)).some((value) => value !== undefined);
