import type { Page } from '@esd/shared/api';
import type { MarkupGroup } from '@esd/shared/catalogue/settings.schemas';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ListQuery } from '@/components/use-list-query';
import { apiRequest } from '@/lib/api-client';
import { markupGroupKeys } from './settings-keys';

export type MarkupGroupSort = 'name' | 'percent' | 'dealers';

const getMarkupGroups = (query: ListQuery, options: { signal?: AbortSignal } = {}) =>
  apiRequest<Page<MarkupGroup>>('/settings/markup-groups', {
    query,
    signal: options.signal,
  });

const markupGroupsQueryOptions = (query: ListQuery) =>
  queryOptions({
    queryKey: markupGroupKeys.list(query),
    queryFn: ({ signal }) => getMarkupGroups(query, { signal }),
    placeholderData: keepPreviousData,
  });

export const useMarkupGroups = (query: ListQuery) => useQuery(markupGroupsQueryOptions(query));
