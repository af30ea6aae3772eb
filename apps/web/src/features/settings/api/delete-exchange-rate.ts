import type { exchangeRateSchema } from '@esd/shared/catalogue/settings.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '@/lib/api-client';
import { rateKeys } from './settings-keys';

export const deleteExchangeRate = (id: number) =>
  apiRequest<z.output<typeof exchangeRateSchema>>(`/settings/exchange-rates/${id}`, {
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
