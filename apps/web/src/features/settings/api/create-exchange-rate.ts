import type { ExchangeRate, ExchangeRateInput } from '@esd/shared/catalogue/settings.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { rateKeys } from './settings-keys';

/** A rate for a date that already has another one replaces it only with a reason. */
const createExchangeRate = (input: ExchangeRateInput) =>
  apiRequest<ExchangeRate>('/settings/exchange-rates', {
    method: 'POST',
    body: input,
  });

export const useCreateExchangeRate = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createExchangeRate,
    // the form shows a missing reason on its field, and other failures itself
    meta: { notifyError: false },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: rateKeys.all }),
  });
};
