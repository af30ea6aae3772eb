import type { RateImportPreview } from '@esd/shared/catalogue/settings.schemas';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** What importing the central bank's file would change (its day, the stored rate → the file's). */
const previewExchangeRateImport = (file: File) => {
  const body = new FormData();
  body.set('file', file);
  return apiRequest<RateImportPreview>('/settings/exchange-rates/import/preview', {
    method: 'POST',
    body,
  });
};

export const usePreviewExchangeRateImport = () =>
  useMutation({
    mutationFn: previewExchangeRateImport,
    // the import panel shows the failure next to the button
    meta: { notifyError: false },
  });
