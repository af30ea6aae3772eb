import type { dealerProductPriceQuerySchema } from '@esd/shared/catalogue/settings.schemas';
import type { z } from 'zod';

export type ProductPricesQuery = z.infer<typeof dealerProductPriceQuerySchema>;

// Product titles come in the request's language: it is part of the key.
export const productPriceKeys = {
  all: ['dealer', 'product-prices'] as const,
  lists: () => [...productPriceKeys.all, 'list'] as const,
  list: (query: ProductPricesQuery, lang: string) =>
    [...productPriceKeys.lists(), lang, query] as const,
};

export const userGroupKeys = {
  all: ['dealer', 'groups'] as const,
  list: () => [...userGroupKeys.all, 'list'] as const,
};

export const dealerUserKeys = {
  all: ['dealer', 'users'] as const,
  list: () => [...dealerUserKeys.all, 'list'] as const,
};
