import type {
  PricingSettings,
  pricingSettingsSchema,
} from '@esd/shared/catalogue/settings.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '@/lib/api-client';
import { pricingKeys } from './settings-keys';

export const updatePricingSettings = (input: PricingSettings) =>
  apiRequest<z.output<typeof pricingSettingsSchema>>('/settings/pricing', {
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
