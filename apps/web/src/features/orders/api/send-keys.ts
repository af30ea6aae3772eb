import type { SendKeysResult } from '@esd/shared/orders/orders.schemas';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** POST /api/orders/:id/send-keys: the keys by e-mail, to the buyer or another address. */
const sendKeys = ({ orderId, email }: { orderId: number; email?: string }) =>
  apiRequest<SendKeysResult>(`/orders/${orderId}/send-keys`, {
    method: 'POST',
    body: email ? { email } : {},
  });

export const useSendKeys = () => useMutation({ mutationFn: sendKeys });
