import type { LibraryDocument } from '@esd/shared/content/library.schemas';
import { downloadFile } from '@/lib/download-file';

/** GET /api/library/:id/download; large files report their progress as they arrive. */
export const downloadLibraryDocument = (
  doc: LibraryDocument,
  onProgress?: (fraction: number) => void,
) =>
  downloadFile(`/library/${doc.id}/download`, {
    fallbackName: doc.file_name,
    onProgress,
    expectedBytes: doc.size_bytes,
  });
