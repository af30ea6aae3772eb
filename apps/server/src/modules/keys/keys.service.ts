import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/errors';
import type { DomainEvents } from '../../plugins/domain-events';
import { readKeyFile } from './keys.import';
import * as repo from './keys.repository';
import { readOrderSettings } from './order-settings';

/**
 * Licence key stock: the global admin imports keys per product (never for Adobe products) and
 * sees what is left; orders waiting for a product's keys get them right after an import.
 */
export const createKeysService = ({
  db,
  events,
  log,
}: {
  db: Db;
  /** tells whoever listens (key delivery) that a product has new keys */
  events: DomainEvents;
  log: FastifyBaseLogger;
}) => {
  /** Orders waiting for this product's keys get them now, not at the next delivery sweep. */
  const resumeDeliveries = async (productId: number) => {
    try {
      await events.emit('keys.added', { productId });
    } catch (error) {
      // the keys are stored; the delivery watch queues the waiting orders later
      log.error({ err: error, productId }, 'resuming key delivery after an import failed');
    }
  };

  return {
    stock: async (query: Omit<repo.KeyStockQuery, 'threshold'>) => {
      const { low_stock_threshold } = await readOrderSettings(db);
      return repo.findKeyStock(db, { ...query, threshold: low_stock_threshold });
    },

    /**
     * Adds the keys of a file to a product's stock (a key already there is skipped) and reports
     * the lines; `receiveFile` runs once the product is known to take keys.
     */
    importKeys: async (input: {
      productId: number;
      importedBy: number;
      receiveFile: () => Promise<{ filename: string; bytes: Buffer }>;
    }) => {
      const { productId } = input;
      const product = await repo.findProductForKeys(db, productId);
      if (!product) throw new AppError('NOT_FOUND', 'This product does not exist.');
      if (!repo.STOCKED_PROVIDERS.includes(product.providerId)) {
        throw new AppError(
          'PRODUCT_UNAVAILABLE',
          `${product.sku} is an Adobe product: its licences come from Adobe, not from imported keys.`,
        );
      }
      const { filename, bytes } = await input.receiveFile();
      const file = await readKeyFile(filename, bytes);
      const { added, available } = await db.transaction(async (tx) => {
        const inserted = await repo.insertKeys(tx, {
          productId,
          keys: file.keys,
          importedBy: input.importedBy,
        });
        // back to the reorder level: the next fall under it is told again
        if (inserted > 0) await repo.rearmLowStock(tx, productId);
        return { added: inserted, available: await repo.countAvailableKeys(tx, productId) };
      });
      if (added > 0) await resumeDeliveries(productId);
      const report = {
        product_id: productId,
        lines: file.lines,
        added,
        duplicates: file.keys.length + file.repeated - added,
        invalid: file.invalid,
        invalid_count: file.invalidCount,
        available,
      };
      return {
        report,
        message: `${added} keys added to ${product.sku}; ${report.duplicates} duplicates and ${file.invalidCount} invalid lines skipped.`,
      };
    },
  };
};
