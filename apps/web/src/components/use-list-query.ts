import { useDebouncedValue } from '@mantine/hooks';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { getItemsPerPage, setItemsPerPage } from '../lib/storage';

export type SortOrder = 'asc' | 'desc';

/** What a server-side list is asked for: the query of spec'd settings lists. */
export type ListQuery<S extends string = string> = {
  page: number;
  perPage: number;
  q?: string;
  sort?: S;
  order: SortOrder;
};

const SEARCH_DEBOUNCE_MS = 300;

/** The next sort after a header click: a new column starts ascending, the same one flips. */
export const nextSort = <S extends string>(
  current: { sort?: S; order: SortOrder },
  column: S,
): { sort: S; order: SortOrder } =>
  current.sort === column
    ? { sort: column, order: current.order === 'asc' ? 'desc' : 'asc' }
    : { sort: column, order: 'asc' };

/** The last page that still has rows, when a delete or a smaller page size empties this one. */
export const clampPage = (page: number, total: number, perPage: number) =>
  Math.min(page, Math.max(1, Math.ceil(total / perPage)));

/**
 * State of one server-side list: search (debounced), sort, page and the stored page size
 * (`itemsPerPage` of spec 3, kept for the next visit).
 */
export const useListQuery = <S extends string>(
  options: { defaultSort?: S; defaultOrder?: SortOrder } = {},
) => {
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const [page, setPage] = useState(1);
  const [perPage, setPerPageState] = useState(getItemsPerPage);
  const [sorting, setSorting] = useState<{ sort?: S; order: SortOrder }>({
    sort: options.defaultSort,
    order: options.defaultOrder ?? 'asc',
  });

  // A new search starts from its first page.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the debounced text changes
  useEffect(() => setPage(1), [q]);

  const setPerPage = useCallback((value: number) => {
    if (!Number.isInteger(value) || value <= 0) return;
    setItemsPerPage(value);
    setPerPageState(value);
    setPage(1);
  }, []);

  const toggleSort = useCallback((column: S) => {
    setSorting((current) => nextSort(current, column));
    setPage(1);
  }, []);

  const resetPage = useCallback(() => setPage(1), []);

  const query = useMemo<ListQuery<S>>(
    () => ({ page, perPage, q: q || undefined, sort: sorting.sort, order: sorting.order }),
    [page, perPage, q, sorting],
  );

  return { query, search, setSearch, setPage, setPerPage, toggleSort, resetPage };
};

/** What a table needs of a list; method syntax lets any list's sort names fit. */
export type ListControls = {
  query: ListQuery;
  search: string;
  setSearch(value: string): void;
  setPage(page: number): void;
  setPerPage(perPage: number): void;
  toggleSort(column: string): void;
};
