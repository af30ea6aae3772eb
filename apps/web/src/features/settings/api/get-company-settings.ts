import type { CompanySettings } from '@esd/shared/invoices/invoices.schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { companyKeys } from './settings-keys';

/** GET /api/settings/company: the seller's details, null while nobody has entered them. */
const getCompanySettings = (options: { signal?: AbortSignal } = {}) =>
  apiRequest<CompanySettings | null>('/settings/company', { signal: options.signal });

const companySettingsQueryOptions = () =>
  queryOptions({
    queryKey: companyKeys.all,
    queryFn: ({ signal }) => getCompanySettings({ signal }),
  });

export const useCompanySettings = () => useQuery(companySettingsQueryOptions());
