import type { LibraryDocument, LibraryMeta } from '@esd/shared/content/library.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { libraryKeys } from './library-keys';

type SaveLibraryDocument = {
  /** absent to upload a new document */
  id?: number;
  meta: LibraryMeta;
  /** required for a new document; replaces the stored file when editing */
  file?: File | null;
  onProgress?: (fraction: number) => void;
};

/** Fields first, then the file: the server reads the form in order. */
const saveLibraryDocument = ({ id, meta, file, onProgress }: SaveLibraryDocument) => {
  const body = new FormData();
  for (const [name, value] of Object.entries(meta)) body.set(name, String(value ?? ''));
  if (file) body.set('file', file);
  return apiRequest<LibraryDocument>(id ? `/settings/library/${id}` : '/settings/library', {
    method: id ? 'PUT' : 'POST',
    body,
    onUploadProgress: file ? onProgress : undefined,
  });
};

const deleteLibraryDocument = (id: number) =>
  apiRequest<LibraryDocument>(`/settings/library/${id}`, {
    method: 'DELETE',
  });

export const useSaveLibraryDocument = () => {
  const queryClient = useQueryClient();
  return useMutation({
    // the form shows the refusal next to the file
    meta: { notifyError: false },
    mutationFn: saveLibraryDocument,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: libraryKeys.all }),
  });
};

export const useDeleteLibraryDocument = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteLibraryDocument,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: libraryKeys.all }),
  });
};
