import type { OrderSettings, orderSettingsSchema } from '@esd/shared/orders/orders.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '@/lib/api-client';
import { keyStockKeys, orderSettingsKeys } from './key-stock-keys';

export const updateOrderSettings = (input: OrderSettings) =>
  apiRequest<z.output<typeof orderSettingsSchema>>('/settings/orders', {
    method: 'PUT',
    body: input,
  });

export const useUpdateOrderSettings = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateOrderSettings,
    onSuccess: async (settings) => {
      queryClient.setQueryData(orderSettingsKeys.all, settings);
      // the threshold decides which products are low
      await queryClient.invalidateQueries({ queryKey: keyStockKeys.all });
    },
  });
};
