import type { KeyThresholdInput, keyThresholdSchema } from '@esd/shared/orders/orders.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '@/lib/api-client';
import { keyStockKeys } from './key-stock-keys';

type KeyThreshold = z.infer<typeof keyThresholdSchema>;

const updateKeyThreshold = ({ productId, ...input }: KeyThresholdInput & { productId: number }) =>
  apiRequest<KeyThreshold>(`/keys/stock/${productId}`, { method: 'PUT', body: input });

/** Sets one product's low-stock threshold: its badge, and when its admins are mailed. */
export const useUpdateKeyThreshold = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateKeyThreshold,
    // the threshold decides which products are low, and their order in the list
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keyStockKeys.all }),
  });
};
