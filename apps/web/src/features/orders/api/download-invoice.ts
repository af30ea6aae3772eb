import type { Language } from '@esd/shared/constants';
import { useMutation } from '@tanstack/react-query';
import { downloadFile } from '@/lib/download-file';

/**
 * GET /api/orders/:id/invoice: the order's proforma invoice or invoice as a PDF, in the
 * language the page is shown in, saved under the server's name.
 */
const downloadInvoice = ({ orderId, lang }: { orderId: number; lang: Language }) =>
  downloadFile(`/orders/${orderId}/invoice`, {
    query: { lang },
    fallbackName: `invoice-ESD-${orderId}.pdf`,
  });

export const useDownloadInvoice = () => useMutation({ mutationFn: downloadInvoice });
