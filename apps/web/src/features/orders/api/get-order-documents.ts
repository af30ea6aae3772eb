import type { OrderDocument } from '@esd/shared/invoices/invoices.schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { ordersKeys } from './orders-keys';

/** GET /api/orders/:id/documents: the order's proforma, invoice and credit notes, as issued. */
const getOrderDocuments = (id: number, options: { signal?: AbortSignal } = {}) =>
  apiRequest<OrderDocument[]>(`/orders/${id}/documents`, { signal: options.signal });

const orderDocumentsQueryOptions = (id: number) =>
  queryOptions({
    queryKey: ordersKeys.documents(id),
    queryFn: ({ signal }) => getOrderDocuments(id, { signal }),
  });

export const useOrderDocuments = (id: number) => useQuery(orderDocumentsQueryOptions(id));
