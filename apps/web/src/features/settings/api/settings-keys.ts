import type { ListQuery } from '@/components/use-list-query';

/** all / lists() / list(query) / detail(id) of one settings resource. */
const resourceKeys = <N extends string>(name: N) => {
  const all = ['settings', name] as const;
  return {
    all,
    lists: () => [...all, 'list'] as const,
    list: (query: ListQuery & { category_id?: number }) => [...all, 'list', query] as const,
    detail: (id: number) => [...all, 'detail', id] as const,
  };
};

export const countryKeys = resourceKeys('countries');
export const categoryKeys = resourceKeys('categories');
export const productKeys = resourceKeys('products');
export const markupGroupKeys = resourceKeys('markup-groups');
export const rateKeys = resourceKeys('exchange-rates');
export const pricingKeys = { all: ['settings', 'pricing'] as const };
export const companyKeys = { all: ['settings', 'company'] as const };

// Category names come in the request's language: it is part of the key.
export const categoryOptionKeys = {
  all: ['settings', 'category-options'] as const,
  list: (lang: string) => [...categoryOptionKeys.all, lang] as const,
};
