export const starredKeys = {
  all: ['starred'] as const,
  list: () => [...starredKeys.all, 'list'] as const,
};
