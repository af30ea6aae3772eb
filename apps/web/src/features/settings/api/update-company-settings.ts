import type { CompanySettings } from '@esd/shared/invoices/invoices.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { companyKeys } from './settings-keys';

/** PUT /api/settings/company: saves the seller's details printed on invoices. */
const updateCompanySettings = (input: CompanySettings) =>
  apiRequest<CompanySettings>('/settings/company', { method: 'PUT', body: input });

export const useUpdateCompanySettings = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCompanySettings,
    onSuccess: (settings) => queryClient.setQueryData(companyKeys.all, settings),
  });
};
