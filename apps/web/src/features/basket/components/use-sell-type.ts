import type { SellType } from '@esd/shared/shop/pricing.rules';
import { useSyncExternalStore } from 'react';
import { getStoredSellType, setStoredSellType, subscribeToStorage } from '@/lib/storage';
import { chooseSellType } from './sell-type';

/**
 * The sell type the shopper buys with: the remembered "Pay by" choice when still allowed,
 * else the first allowed one (a shopper with one type never sees a choice).
 */
export const useSellType = (allowed: readonly SellType[]) => {
  const stored = useSyncExternalStore(subscribeToStorage, getStoredSellType, () => undefined);
  return [chooseSellType(allowed, stored), setStoredSellType] as const;
};
