import { STOCKED_PROVIDERS } from '@esd/shared/catalogue/catalogue.constants';
import type { KeyImportReport, KeyThresholdInput } from '@esd/shared/orders/orders.schemas';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { type AuditActor, writeAudit } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import type { DomainEvents } from '../../plugins/domain-events';
import { type ClassifiedKeys, readKeyFile, readKeyText } from './keys.import';
import * as repo from './keys.repository';

/** The report lists this many lines refused for a key already in the pool. */
const EXISTING_LINES_LISTED = 100;

/** What an import reads: a file (CSV, text, xlsx) or text pasted into the dialog. */
export type KeySource =
  | { kind: 'file'; filename: string; bytes: Buffer }
  | { kind: 'paste'; text: string };

const readKeys = (source: KeySource) =>
  source.kind === 'file' ? readKeyFile(source.filename, source.bytes) : readKeyText(source.text);

const STATE_WORDS: Record<repo.ExistingKey['status'], string> = {
  available: 'in stock',
  allocated: 'delivered',
  revoked: 'returned',
};

/** The refused lines of a report: each key already in the pool, by its line in the file. */
const existingLines = (keys: ClassifiedKeys, existing: repo.ExistingKey[]) =>
  existing
    .map((row) => ({ line: keys.lineOf.get(row.key) ?? 0, ...row }))
    .sort((a, b) => a.line - b.line);

const importMessage = (sku: string, report: KeyImportReport) => {
  const first = report.existing[0];
  const refused = first
    ? `; ${report.existing_count} already in the pool refused (line ${first.line}: ${first.key} is ${STATE_WORDS[first.status]} for ${first.sku})`
    : '';
  const verb = report.preview ? 'would be added' : 'added';
  return `${report.added} keys ${verb} to ${sku}${refused}; ${report.duplicates} duplicates and ${report.invalid_count} invalid lines skipped.`;
};

/**
 * Licence key stock: the global admin imports keys per product (never for Adobe products) and
 * sees what is left; orders waiting for a product's keys get them right after an import. A key
 * is one key in the whole pool (invariant 8): an import refuses every line whose key any product
 * has, in any state.
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

  /** The product keys are imported for: it must exist and keep key stock. */
  const stockedProduct = async (productId: number) => {
    const product = await repo.findProductForKeys(db, productId);
    if (!product) throw new AppError('NOT_FOUND', 'This product does not exist.');
    if (!STOCKED_PROVIDERS.includes(product.providerId)) {
      throw new AppError(
        'PRODUCT_UNAVAILABLE',
        `${product.sku} is an Adobe product: its licences come from Adobe, not from imported keys.`,
      );
    }
    return product;
  };

  const report = (input: {
    productId: number;
    preview: boolean;
    source: KeySource['kind'];
    keys: ClassifiedKeys;
    added: number;
    existing: repo.ExistingKey[];
    available: number;
  }): KeyImportReport => {
    const existing = existingLines(input.keys, input.existing);
    return {
      product_id: input.productId,
      preview: input.preview,
      source: input.source,
      lines: input.keys.lines,
      added: input.added,
      duplicates: input.keys.repeated,
      invalid: input.keys.invalid,
      invalid_count: input.keys.invalidCount,
      existing: existing.slice(0, EXISTING_LINES_LISTED),
      existing_count: existing.length,
      available: input.available,
    };
  };

  return {
    stock: (query: repo.KeyStockQuery) => repo.findKeyStock(db, query),

    /** Sets a product's low-stock threshold (Key stock); a restocked product may be told again. */
    setThreshold: async (productId: number, input: KeyThresholdInput, actor: AuditActor) => {
      const product = await stockedProduct(productId);
      const threshold = input.low_stock_threshold;
      await db.transaction(async (tx) => {
        await repo.updateLowStockThreshold(tx, productId, threshold);
        // lowered to the stock or under it: the next fall under it is told again
        await repo.rearmLowStock(tx, productId);
        if (product.lowStockThreshold === threshold) return;
        await writeAudit(tx, actor, {
          action: 'product.low_stock_threshold_update',
          entityType: 'product',
          entityId: productId,
          before: { low_stock_threshold: product.lowStockThreshold },
          after: { low_stock_threshold: threshold },
        });
      });
      const available = await repo.countAvailableKeys(db, productId);
      return {
        data: { product_id: productId, low_stock_threshold: threshold, low: available < threshold },
        message: `The low-stock threshold of ${product.sku} is now ${threshold} keys.`,
      };
    },

    /** What an import of these keys would do, storing nothing: the dialog's preview. */
    previewKeys: async (input: { productId: number; receive: () => Promise<KeySource> }) => {
      const product = await stockedProduct(input.productId);
      const source = await input.receive();
      const keys = await readKeys(source);
      const existing = await repo.findExistingKeys(db, keys.keys);
      const result = report({
        productId: input.productId,
        preview: true,
        source: source.kind,
        keys,
        added: keys.keys.length - existing.length,
        existing,
        available: await repo.countAvailableKeys(db, input.productId),
      });
      return { report: result, message: importMessage(product.sku, result) };
    },

    /**
     * Adds the keys of a file or pasted text to a product's stock and reports the lines; a key
     * already in the pool (before, or stored by another import meanwhile) is refused by its line.
     * `receive` runs once the product is known to take keys.
     */
    importKeys: async (input: {
      productId: number;
      actor: AuditActor & { actorId: number };
      receive: () => Promise<KeySource>;
    }) => {
      const { productId, actor } = input;
      const product = await stockedProduct(productId);
      const source = await input.receive();
      const keys = await readKeys(source);
      const result = await db.transaction(async (tx) => {
        const stored = await repo.insertKeys(tx, {
          productId,
          keys: keys.keys,
          importedBy: actor.actorId,
        });
        const isStored = new Set(stored);
        const refused = keys.keys.filter((key) => !isStored.has(key));
        const existing = await repo.findExistingKeys(tx, refused);
        // back to the threshold: the next fall under it is told again
        if (stored.length > 0) await repo.rearmLowStock(tx, productId);
        await writeAudit(tx, actor, {
          action: 'keys.import',
          entityType: 'product',
          entityId: productId,
          after: {
            product_id: productId,
            keys_added: stored.length,
            source: source.kind,
            ...(source.kind === 'file' ? { file_name: source.filename.slice(0, 200) } : {}),
          },
        });
        return report({
          productId,
          preview: false,
          source: source.kind,
          keys,
          added: stored.length,
          existing,
          available: await repo.countAvailableKeys(tx, productId),
        });
      });
      if (result.added > 0) await resumeDeliveries(productId);
      return { report: result, message: importMessage(product.sku, result) };
    },
  };
};
