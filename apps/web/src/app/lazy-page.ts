import { CHUNK_LOAD_TIMEOUT_MS } from '@esd/shared/constants';
import type { ComponentType } from 'react';
import { withTimeout } from '@/lib/with-timeout';

/** A route chunk that failed to download or took longer than spec 8's 120 s. */
export class ChunkLoadError extends Error {
  override name = 'ChunkLoadError';
}

/** Route `lazy` for a page module exporting `Component`; failures reach the error element. */
export const lazyPage =
  (load: () => Promise<{ Component: ComponentType }>) =>
  async (): Promise<{ Component: ComponentType }> => {
    try {
      const module = await withTimeout(load(), CHUNK_LOAD_TIMEOUT_MS);
      return { Component: module.Component };
    } catch (error) {
      throw new ChunkLoadError('A page chunk could not be loaded', { cause: error });
    }
  };
