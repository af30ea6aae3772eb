import type { keyStockQuerySchema } from '@esd/shared/orders/orders.schemas';
import type { z } from 'zod';

/** What GET /api/keys/stock is sent: what keyStockQuerySchema reads. */
export type KeyStockQuery = z.infer<typeof keyStockQuerySchema>;

/** all / lists() / list(query) of the key stock, and the order settings. */
export const keyStockKeys = {
  all: ['keys', 'stock'] as const,
  lists: () => [...keyStockKeys.all, 'list'] as const,
  // titles come in the interface language: it is part of the key
  list: (query: KeyStockQuery, lang: string) => [...keyStockKeys.lists(), query, lang] as const,
};

export const orderSettingsKeys = { all: ['settings', 'orders'] as const };
