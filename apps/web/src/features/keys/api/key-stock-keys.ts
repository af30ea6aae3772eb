/** all / lists() / list(query) of the key stock, and the order settings. */
export type KeyStockQuery = { page: number; perPage: number; q?: string; low?: boolean };

export const keyStockKeys = {
  all: ['keys', 'stock'] as const,
  lists: () => [...keyStockKeys.all, 'list'] as const,
  // titles come in the interface language: it is part of the key
  list: (query: KeyStockQuery, lang: string) => [...keyStockKeys.lists(), query, lang] as const,
};

export const orderSettingsKeys = { all: ['settings', 'orders'] as const };
