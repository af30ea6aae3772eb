import type { LibraryQuery } from '@esd/shared/content/library.schemas';

export const libraryKeys = {
  all: ['library'] as const,
  list: (query: LibraryQuery) => [...libraryKeys.all, 'list', query] as const,
  settings: (query: LibraryQuery) => [...libraryKeys.all, 'settings', query] as const,
};
