import type { Country } from '@esd/shared/catalogue/settings.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { countryKeys } from './settings-keys';

const deleteCountry = (id: number) =>
  apiRequest<Country>(`/settings/countries/${id}`, { method: 'DELETE' });

export const useDeleteCountry = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCountry,
    // the confirmation modal shows the refusal (IN_USE) itself
    meta: { notifyError: false },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: countryKeys.all }),
  });
};
