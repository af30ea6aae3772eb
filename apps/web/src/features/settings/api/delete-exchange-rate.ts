import type { ExchangeRate } from '@esd/shared/catalogue/settings.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { rateKeys } from './settings-keys';

const deleteExchangeRate = (id: number) =>
  apiRequest<ExchangeRate>(`/settings/exchange-rates/${id}`, {
    method: 'DELETE',
  });

export const useDeleteExchangeRate = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteExchangeRate,
    meta: { notifyError: false },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: rateKeys.all }),
  });
};
