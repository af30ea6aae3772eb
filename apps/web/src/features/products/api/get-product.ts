import type { ProductDetail } from '@esd/shared/catalogue/catalogue.schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { apiRequest } from '@/lib/api-client';
import { productKeys } from './product-keys';

const getProduct = (id: number, options: { signal?: AbortSignal } = {}) =>
  apiRequest<ProductDetail>(`/products/${id}`, { signal: options.signal });

const productQueryOptions = (id: number, lang: string) =>
  queryOptions({
    queryKey: productKeys.detail(id, lang),
    queryFn: ({ signal }) => getProduct(id, { signal }),
    // the page shows its own "not found" state instead of a notification
    meta: { notifyError: false },
  });

export const useProduct = (id: number) => {
  const { i18n } = useTranslation();
  return useQuery({
    ...productQueryOptions(id, i18n.language),
    enabled: Number.isInteger(id) && id > 0,
  });
};
