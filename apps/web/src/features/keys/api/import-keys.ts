import type { KeyImportReport } from '@esd/shared/orders/orders.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { keyStockKeys } from './key-stock-keys';

/** The server's multipart limit. */
export const KEY_FILE_MAX_BYTES = 10 * 1024 * 1024;
export const KEY_FILE_ACCEPT =
  '.csv,.txt,.xlsx,text/csv,text/plain,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

type ImportKeys = { productId: number; file: File; onProgress: (fraction: number) => void };

/** Uploads a CSV, text or xlsx file of licence keys into a product's stock. */
const importKeys = ({ productId, file, onProgress }: ImportKeys) => {
  const body = new FormData();
  body.set('file', file);
  return apiRequest<KeyImportReport>(`/keys/import/${productId}`, {
    method: 'POST',
    body,
    onUploadProgress: onProgress,
  });
};

export const useImportKeys = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importKeys,
    // the import dialog shows the failure next to the file
    meta: { notifyError: false },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keyStockKeys.all }),
  });
};
