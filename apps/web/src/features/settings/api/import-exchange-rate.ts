import type { RateImportResult } from '@esd/shared/catalogue/settings.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { rateKeys } from './settings-keys';

export const RATES_FILE_MAX_BYTES = 512 * 1024;

type ImportRateFile = {
  file: File;
  onProgress: (fraction: number) => void;
  /** why the day's stored rate changes: required when it does */
  reason?: string;
};

/**
 * Uploads the Central Bank of Azerbaijan daily XML; its USD rate is stored for its date. The
 * reason goes before the file: the server reads the fields that precede it.
 */
const importExchangeRate = ({ file, onProgress, reason }: ImportRateFile) => {
  const body = new FormData();
  if (reason) body.set('reason', reason);
  body.set('file', file);
  return apiRequest<RateImportResult>('/settings/exchange-rates/import', {
    method: 'POST',
    body,
    onUploadProgress: onProgress,
  });
};

export const useImportExchangeRate = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importExchangeRate,
    // the import panel shows the failure next to the button
    meta: { notifyError: false },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: rateKeys.all }),
  });
};
