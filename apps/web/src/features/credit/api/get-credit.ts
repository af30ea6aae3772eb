import type { DealerCredit } from '@esd/shared/credit/credit.schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

const creditKeys = { all: ['credit'] as const };

/** GET /api/credit: the caller's dealer's credit, open credit orders, settlements and refunds. */
const getCredit = (signal?: AbortSignal) => apiRequest<DealerCredit>('/credit', { signal });

const creditQueryOptions = () =>
  queryOptions({ queryKey: creditKeys.all, queryFn: ({ signal }) => getCredit(signal) });

export const useCredit = () => useQuery(creditQueryOptions());
