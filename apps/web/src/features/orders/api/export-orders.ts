import { useMutation } from '@tanstack/react-query';
import { API_BASE } from '@/lib/api-client';
import { ApiError } from '@/lib/api-error';
import { getUiLanguage } from '@/lib/i18n/i18n';
import { getToken } from '@/lib/storage';
import type { OrdersQuery } from './get-orders';

export type ExportFormat = 'xlsx' | 'csv';
export type ExportQuery = Omit<OrdersQuery, 'page' | 'perPage'>;

const fileNameOf = (response: Response, format: ExportFormat) => {
  const disposition = response.headers.get('Content-Disposition') ?? '';
  const match = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(disposition);
  return match?.[1] ? decodeURIComponent(match[1]) : `orders.${format}`;
};

/**
 * GET /api/orders/export is a file, not an envelope: it is fetched with the bearer token (never
 * `?token=` in a URL a browser would log) and saved from a blob.
 */
export const exportOrders = async ({
  format,
  query,
}: {
  format: ExportFormat;
  query: ExportQuery;
}) => {
  const params = new URLSearchParams({ format });
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  const headers = new Headers({ 'Accept-Language': getUiLanguage() });
  const token = getToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  let response: Response;
  try {
    response = await fetch(`${API_BASE}/orders/export?${params}`, { headers });
  } catch {
    throw new ApiError({ status: 0, message: 'Network error' });
  }
  if (!response.ok) {
    const envelope = (await response.json().catch(() => ({}))) as {
      message?: string;
      data?: { error?: string };
    };
    throw new ApiError({
      status: response.status,
      message: envelope.message || `HTTP ${response.status}`,
      errorName: envelope.data?.error,
      data: envelope.data,
    });
  }
  const blob = await response.blob();
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileNameOf(response, format);
  document.body.append(link);
  link.click();
  link.remove();
  // the click has handed the blob to the download; free it on the next turn
  setTimeout(() => URL.revokeObjectURL(url), 0);
};

export const useExportOrders = () => useMutation({ mutationFn: exportOrders });
