import type { OrderExportQuery } from '@esd/shared/orders/orders.schemas';
import { useMutation } from '@tanstack/react-query';
import { downloadFile } from '@/lib/download-file';
import type { OrdersQuery } from './orders-query';

type ExportFormat = NonNullable<OrderExportQuery['format']>;
/** One row per order, or one per order line (with the keys of the viewer's own purchases). */
export type ExportDetail = NonNullable<OrderExportQuery['detail']>;
export type ExportQuery = Omit<OrdersQuery, 'page' | 'perPage'>;

/** GET /api/orders/export: the filtered orders as a file, saved under the server's name. */
const exportOrders = ({
  format,
  detail,
  query,
}: {
  format: ExportFormat;
  detail: ExportDetail;
  query: ExportQuery;
}) => {
  const filters = Object.entries(query).map(([key, value]) => [
    key,
    value === '' ? undefined : value,
  ]);
  return downloadFile('/orders/export', {
    query: {
      format,
      detail: detail === 'items' ? detail : undefined,
      ...Object.fromEntries(filters),
    },
    fallbackName: `${detail === 'items' ? 'order-items' : 'orders'}.${format}`,
  });
};

export const useExportOrders = () => useMutation({ mutationFn: exportOrders });
