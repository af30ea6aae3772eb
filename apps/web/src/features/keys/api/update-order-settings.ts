import type { OrderSettings } from '@esd/shared/orders/orders.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { orderSettingsKeys } from './key-stock-keys';

const updateOrderSettings = (input: OrderSettings) =>
  apiRequest<OrderSettings>('/settings/orders', {
    method: 'PUT',
    body: input,
  });

export const useUpdateOrderSettings = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateOrderSettings,
    onSuccess: (settings) => queryClient.setQueryData(orderSettingsKeys.all, settings),
  });
};
