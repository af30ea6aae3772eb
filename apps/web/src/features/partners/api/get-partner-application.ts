import type { partnerApplicationSchema } from '@esd/shared/partners/partners.schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '@/lib/api-client';
import { partnerKeys } from './partners-keys';

export const getPartnerApplication = (id: number, options: { signal?: AbortSignal } = {}) =>
  apiRequest<z.output<typeof partnerApplicationSchema>>(`/settings/partner-applications/${id}`, {
    signal: options.signal,
  });

export const partnerApplicationQueryOptions = (id: number) =>
  queryOptions({
    queryKey: partnerKeys.detail(id),
    queryFn: ({ signal }) => getPartnerApplication(id, { signal }),
  });

export const usePartnerApplication = (id: number | undefined) =>
  useQuery({ ...partnerApplicationQueryOptions(id ?? 0), enabled: id !== undefined });
