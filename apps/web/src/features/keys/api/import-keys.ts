import type { KeyImportReport } from '@esd/shared/orders/orders.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { keyStockKeys } from './key-stock-keys';

/** The server's multipart limit, for a file and for pasted text alike. */
export const KEY_FILE_MAX_BYTES = 10 * 1024 * 1024;
export const KEY_FILE_ACCEPT =
  '.csv,.txt,.xlsx,text/csv,text/plain,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** What the dialog imports: a CSV, text or xlsx file, or keys pasted as text. */
export type KeySource = { kind: 'file'; file: File } | { kind: 'paste'; text: string };

type SendKeys = {
  productId: number;
  source: KeySource;
  onProgress: (fraction: number) => void;
};

/** The bytes a source uploads: over KEY_FILE_MAX_BYTES the server refuses it. */
export const keySourceSize = (source: KeySource) =>
  source.kind === 'file' ? source.file.size : new Blob([source.text]).size;

const sendKeys =
  (path: string) =>
  ({ productId, source, onProgress }: SendKeys) => {
    const body = new FormData();
    if (source.kind === 'file') body.set('file', source.file);
    else body.set('text', source.text);
    return apiRequest<KeyImportReport>(`/keys/import/${productId}${path}`, {
      method: 'POST',
      body,
      onUploadProgress: onProgress,
    });
  };

/** What importing these keys would do: counts and refused lines, nothing stored. */
export const usePreviewKeys = () =>
  // the import dialog shows the failure next to the keys
  useMutation({ mutationFn: sendKeys('/preview'), meta: { notifyError: false } });

/** Stores the keys of a file or pasted text in a product's stock. */
export const useImportKeys = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendKeys(''),
    meta: { notifyError: false },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keyStockKeys.all }),
  });
};
