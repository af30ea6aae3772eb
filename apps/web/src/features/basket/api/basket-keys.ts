// Line titles come in the request's language: it is part of the key.
export const basketKeys = {
  all: ['basket'] as const,
  current: (lang: string) => [...basketKeys.all, 'current', lang] as const,
};
