import type { OrderKeysFileFormat } from '@esd/shared/orders/orders.schemas';
import { useMutation } from '@tanstack/react-query';
import { downloadFile } from '@/lib/download-file';

/** GET /api/orders/:id/keys: the order's delivered keys as CSV or plain text. */
const downloadKeys = ({ orderId, format }: { orderId: number; format: OrderKeysFileFormat }) =>
  downloadFile(`/orders/${orderId}/keys`, {
    query: { format },
    fallbackName: `order-${orderId}-keys.${format}`,
  });

export const useDownloadKeys = () => useMutation({ mutationFn: downloadKeys });
