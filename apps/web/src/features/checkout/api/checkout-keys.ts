// Line titles come in the request's language: it is part of the key.
export const checkoutKeys = {
  all: ['checkout'] as const,
  preview: (sellType: number | undefined, lang: string) =>
    [...checkoutKeys.all, 'preview', sellType ?? 'default', lang] as const,
};
