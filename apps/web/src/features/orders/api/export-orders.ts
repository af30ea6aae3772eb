import { useMutation } from '@tanstack/react-query';
import { downloadFile } from '@/lib/download-file';
import type { OrdersQuery } from './orders-query';

export type ExportFormat = 'xlsx' | 'csv';
export type ExportQuery = Omit<OrdersQuery, 'page' | 'perPage'>;

/** GET /api/orders/export: the filtered orders as a file, saved under the server's name. */
const exportOrders = ({ format, query }: { format: ExportFormat; query: ExportQuery }) => {
  const filters = Object.entries(query).map(([key, value]) => [
    key,
    value === '' ? undefined : value,
  ]);
  return downloadFile('/orders/export', {
    query: { format, ...Object.fromEntries(filters) },
    fallbackName: `orders.${format}`,
  });
};

export const useExportOrders = () => useMutation({ mutationFn: exportOrders });
