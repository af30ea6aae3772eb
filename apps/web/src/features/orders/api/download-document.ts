import type { Language } from '@esd/shared/constants';
import { useMutation } from '@tanstack/react-query';
import { downloadFile } from '@/lib/download-file';

/**
 * GET /api/orders/:id/documents/:number: one document of the order as issued, as a PDF in the
 * language the page is shown in, saved under the server's name.
 */
const downloadDocument = ({
  orderId,
  number,
  lang,
}: {
  orderId: number;
  number: string;
  lang: Language;
}) =>
  downloadFile(`/orders/${orderId}/documents/${number}`, {
    query: { lang },
    fallbackName: `${number}.pdf`,
  });

export const useDownloadDocument = () => useMutation({ mutationFn: downloadDocument });
