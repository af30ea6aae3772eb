import type { ApiKeyScope } from '@esd/shared/api-keys/api-keys.schemas';

/** A scope's key among the words: i18next reads a `:` in a key as a namespace. */
export const scopeWordKey = {
  'catalogue:read': 'catalogue_read',
  'basket:write': 'basket_write',
  'orders:read': 'orders_read',
  adobe: 'adobe',
} as const satisfies Record<ApiKeyScope, string>;
