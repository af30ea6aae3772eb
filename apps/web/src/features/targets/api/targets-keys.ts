import type { TargetListQuery } from '@esd/shared/content/targets.schemas';

export const targetKeys = {
  all: ['settings', 'targets'] as const,
  lists: () => [...targetKeys.all, 'list'] as const,
  list: (query: TargetListQuery) => [...targetKeys.all, 'list', query] as const,
  dealers: (q: string) => [...targetKeys.all, 'dealers', q] as const,
};
