import type { PricingSettings } from '@esd/shared/catalogue/settings.schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { pricingKeys } from './settings-keys';

const getPricingSettings = (options: { signal?: AbortSignal } = {}) =>
  apiRequest<PricingSettings>('/settings/pricing', {
    signal: options.signal,
  });

const pricingSettingsQueryOptions = () =>
  queryOptions({
    queryKey: pricingKeys.all,
    queryFn: ({ signal }) => getPricingSettings({ signal }),
  });

export const usePricingSettings = () => useQuery(pricingSettingsQueryOptions());
