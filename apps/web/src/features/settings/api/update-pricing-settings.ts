import type { PricingSettings } from '@esd/shared/catalogue/settings.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { pricingKeys } from './settings-keys';

const updatePricingSettings = (input: PricingSettings) =>
  apiRequest<PricingSettings>('/settings/pricing', {
    method: 'PUT',
    body: input,
  });

export const useUpdatePricingSettings = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePricingSettings,
    onSuccess: (settings) => queryClient.setQueryData(pricingKeys.all, settings),
  });
};
