import { useSyncExternalStore } from 'react';
import { getUserInfo, subscribeToStorage, type UserInfo } from '../storage';

/** The `userInfo` kept in the browser, re-rendering when this or another tab changes it. */
export const useStoredUserInfo = (): UserInfo | null =>
  useSyncExternalStore(subscribeToStorage, getUserInfo, () => null);
