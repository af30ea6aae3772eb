import type { Page } from '@esd/shared/api';
import type { LibraryDocument, LibraryQuery } from '@esd/shared/content/library.schemas';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { libraryKeys } from './library-keys';

const getLibrary = (path: string, query: LibraryQuery, signal?: AbortSignal) =>
  apiRequest<Page<LibraryDocument>>(path, { query, signal });

const libraryQueryOptions = (query: LibraryQuery) =>
  queryOptions({
    queryKey: libraryKeys.list(query),
    queryFn: ({ signal }) => getLibrary('/library', query, signal),
    placeholderData: keepPreviousData,
  });

const librarySettingsQueryOptions = (query: LibraryQuery) =>
  queryOptions({
    queryKey: libraryKeys.settings(query),
    queryFn: ({ signal }) => getLibrary('/settings/library', query, signal),
    placeholderData: keepPreviousData,
  });

export const useLibrary = (query: LibraryQuery) => useQuery(libraryQueryOptions(query));
export const useLibrarySettings = (query: LibraryQuery) =>
  useQuery(librarySettingsQueryOptions(query));
