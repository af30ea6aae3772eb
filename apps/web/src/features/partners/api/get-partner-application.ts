import type { PartnerApplication } from '@esd/shared/partners/partners.schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { partnerKeys } from './partners-keys';

const getPartnerApplication = (id: number, options: { signal?: AbortSignal } = {}) =>
  apiRequest<PartnerApplication>(`/settings/partner-applications/${id}`, {
    signal: options.signal,
  });

const partnerApplicationQueryOptions = (id: number) =>
  queryOptions({
    queryKey: partnerKeys.detail(id),
    queryFn: ({ signal }) => getPartnerApplication(id, { signal }),
  });

export const usePartnerApplication = (id: number | undefined) =>
  useQuery({ ...partnerApplicationQueryOptions(id ?? 0), enabled: id !== undefined });
