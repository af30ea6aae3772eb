import { type ProductSort, productSorts } from '@esd/shared/catalogue/catalogue.schemas';
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

/**
 * Search, category, sort and page live in the URL, so going back from a product returns to
 * the same list and a list can be shared; changes replace the history entry.
 */
export const useProductsParams = () => {
  const [searchParams, setSearchParams] = useSearchParams();
  const sort = searchParams.get('sort');
  const params: ProductsParams = {
    q: searchParams.get('q') ?? '',
    categoryId: positiveInt(searchParams.get('category')),
    sort: isSort(sort) ? sort : 'title',
    page: positiveInt(searchParams.get('page')) ?? 1,
  };

  /** Any change but the page itself goes back to page 1. */
  const update = (change: Partial<ProductsParams>) => {
    const next = { ...params, page: 1, ...change };
    const search = new URLSearchParams();
    if (next.q) search.set('q', next.q);
    if (next.categoryId) search.set('category', String(next.categoryId));
    if (next.sort !== 'title') search.set('sort', next.sort);
    if (next.page > 1) search.set('page', String(next.page));
    setSearchParams(search, { replace: true });
  };

  return [params, update] as const;
};
