import type {
  PartnerApplicationListQuery,
  partnerApplicationPageSchema,
} from '@esd/shared/partners/partners.schemas';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '@/lib/api-client';
import { partnerKeys } from './partners-keys';

export const getPartnerApplications = (
  query: PartnerApplicationListQuery,
  options: { signal?: AbortSignal } = {},
) =>
  apiRequest<z.output<typeof partnerApplicationPageSchema>>('/settings/partner-applications', {
    query,
    signal: options.signal,
  });

export const partnerApplicationsQueryOptions = (query: PartnerApplicationListQuery) =>
  queryOptions({
    queryKey: partnerKeys.list(query),
    queryFn: ({ signal }) => getPartnerApplications(query, { signal }),
    placeholderData: keepPreviousData,
  });

export const usePartnerApplications = (query: PartnerApplicationListQuery) =>
  useQuery(partnerApplicationsQueryOptions(query));
