import type { Country, CountryInput } from '@esd/shared/catalogue/settings.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { countryKeys } from './settings-keys';

const createCountry = (input: CountryInput) =>
  apiRequest<Country>('/settings/countries', {
    method: 'POST',
    body: input,
  });

export const useCreateCountry = () => {
  const queryClient = useQueryClient();
  return useMutation({
    // the form shows a refusal next to its field (a taken code) or notifies
    meta: { notifyError: false },
    mutationFn: createCountry,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: countryKeys.all }),
  });
};
