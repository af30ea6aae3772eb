import type { ExchangeRate } from '@esd/shared/catalogue/settings.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { rateKeys } from './settings-keys';

/** A day's stored rate goes only with a reason, kept in the audit log (issue 31). */
const deleteExchangeRate = ({ id, reason }: { id: number; reason: string }) =>
  apiRequest<ExchangeRate>(`/settings/exchange-rates/${id}?reason=${encodeURIComponent(reason)}`, {
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
