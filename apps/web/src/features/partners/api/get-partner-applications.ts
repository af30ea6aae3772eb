import type {
  PartnerApplicationListQuery,
  PartnerApplicationPage,
} from '@esd/shared/partners/partners.schemas';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { partnerKeys } from './partners-keys';

const getPartnerApplications = (
  query: PartnerApplicationListQuery,
  options: { signal?: AbortSignal } = {},
) =>
  apiRequest<PartnerApplicationPage>('/settings/partner-applications', {
    query,
    signal: options.signal,
  });

const partnerApplicationsQueryOptions = (query: PartnerApplicationListQuery) =>
  queryOptions({
    queryKey: partnerKeys.list(query),
    queryFn: ({ signal }) => getPartnerApplications(query, { signal }),
    placeholderData: keepPreviousData,
  });

export const usePartnerApplications = (query: PartnerApplicationListQuery) =>
  useQuery(partnerApplicationsQueryOptions(query));
