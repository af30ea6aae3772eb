import type { PartnerFormOptions } from '@esd/shared/partners/partners.schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { apiRequest } from '@/lib/api-client';
import { partnerKeys } from './partners-keys';

const getPartnerFormOptions = (options: { signal?: AbortSignal } = {}) =>
  apiRequest<PartnerFormOptions>('/partners/form-options', {
    signal: options.signal,
  });

const partnerFormOptionsQueryOptions = (lang: string) =>
  queryOptions({
    queryKey: partnerKeys.formOptions(lang),
    queryFn: ({ signal }) => getPartnerFormOptions({ signal }),
    staleTime: 10 * 60_000,
  });

export const usePartnerFormOptions = () => {
  const { i18n } = useTranslation();
  return useQuery(partnerFormOptionsQueryOptions(i18n.language));
};
