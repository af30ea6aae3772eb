import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { foldPendingBatch } from './sales-fold.repository';

const FOLD_INTERVAL_MS = 2000;
const FOLD_BATCH = 50_000;

/**
 * Folds the product sales changes the triggers append to sales_product_pending into the
 * per-country summaries, every 2 s while the server runs (one process at a time: the database
 * function takes an advisory lock). Readers add the pending rows, so the fold only keeps them
 * few; it is never needed for a correct answer.
 */
export const foldPendingSales = async (db: Db) => {
  let moved = 0;
  for (;;) {
    const batch = await foldPendingBatch(db, FOLD_BATCH);
    moved += batch;
    if (batch < FOLD_BATCH) return moved;
  }
};

export const startSalesFold = (app: FastifyInstance) => {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  let closing = false;
  const tick = () => {
    running = foldPendingSales(app.db)
      .catch((err) => app.log.warn({ err }, 'folding pending sales failed; retrying'))
      .finally(() => {
        running = undefined;
        if (!closing) timer = setTimeout(tick, FOLD_INTERVAL_MS).unref();
      });
  };
  app.addHook('onReady', async () => {
    timer = setTimeout(tick, FOLD_INTERVAL_MS).unref();
  });
  app.addHook('onClose', async () => {
    closing = true;
    if (timer) clearTimeout(timer);
    await running;
  });
};
