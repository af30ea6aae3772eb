import type { NewsSettingsQuery } from '@esd/shared/content/news.schemas';

/** Readers' news comes in the interface language: it is part of the key. */
export const newsKeys = {
  all: ['news'] as const,
  list: (lang: string, page: number, perPage: number) =>
    [...newsKeys.all, 'list', lang, page, perPage] as const,
  detail: (lang: string, id: number) => [...newsKeys.all, 'detail', lang, id] as const,
};

export const newsSettingsKeys = {
  all: ['settings', 'news'] as const,
  lists: () => [...newsSettingsKeys.all, 'list'] as const,
  list: (query: NewsSettingsQuery) => [...newsSettingsKeys.all, 'list', query] as const,
};
