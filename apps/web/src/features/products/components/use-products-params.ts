import { type ProductSort, productSorts } from '@esd/shared/catalogue/catalogue.constants';
import { useSearchParams } from 'react-router';

export type ProductsParams = {
  q: string;
  categoryId: number | undefined;
  sort: ProductSort;
  page: number;
};

const positiveInt = (value: string | null) => {
  const number = Number(value);
  return Number.isInteger(number) && number > 0 ? number : undefined;
};

const isSort = (value: string | null): value is ProductSort =>
  (productSorts as readonly (string | null)[]).includes(value);

/** The list's state from the URL; anything unreadable falls back to the default. */
export const parseProductsParams = (search: URLSearchParams): ProductsParams => {
  const sort = search.get('sort');
  return {
    q: search.get('q') ?? '',
    categoryId: positiveInt(search.get('category')),
    sort: isSort(sort) ? sort : 'title',
    page: positiveInt(search.get('page')) ?? 1,
  };
};

/** Only what differs from the defaults goes into the URL. */
export const toProductsSearch = (params: ProductsParams): URLSearchParams => {
  const search = new URLSearchParams();
  if (params.q) search.set('q', params.q);
  if (params.categoryId) search.set('category', String(params.categoryId));
  if (params.sort !== 'title') search.set('sort', params.sort);
  if (params.page > 1) search.set('page', String(params.page));
  return search;
};

/**
 * Search, category, sort and page live in the URL, so going back from a product returns to
 * the same list and a list can be shared; changes replace the history entry.
 */
export const useProductsParams = () => {
  const [searchParams, setSearchParams] = useSearchParams();
  const params = parseProductsParams(searchParams);

  /** Any change but the page itself goes back to page 1. */
  const update = (change: Partial<ProductsParams>) =>
    setSearchParams(toProductsSearch({ ...params, page: 1, ...change }), { replace: true });

  return [params, update] as const;
};
