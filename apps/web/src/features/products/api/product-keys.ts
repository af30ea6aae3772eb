import type { ProductListQuery } from '@esd/shared/catalogue/catalogue.schemas';

// Titles, descriptions and category names come in the request's language: it is part of the key.
export const productKeys = {
  all: ['products'] as const,
  lists: () => [...productKeys.all, 'list'] as const,
  list: (query: ProductListQuery, lang: string) => [...productKeys.lists(), lang, query] as const,
  details: () => [...productKeys.all, 'detail'] as const,
  detail: (id: number, lang: string) => [...productKeys.details(), id, lang] as const,
};

export const categoryKeys = {
  all: ['categories'] as const,
  lists: () => [...categoryKeys.all, 'list'] as const,
  list: (lang: string) => [...categoryKeys.lists(), lang] as const,
};
