import type { ProductInput, SettingsListQuery } from '@esd/shared/catalogue/settings.schemas';
import { fromCents, toCents } from '@esd/shared/shop/money';
import type { Db } from '../../db/client';
import { type AuditActor, changedFields, writeAudit } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import { isForeignKeyViolation, isUniqueViolation } from '../../lib/pg-errors';
import { writeWithFile } from '../../lib/stored-file-write';
import { type CheckedFile, removeStoredFile } from '../../lib/uploads';
import { rearmLowStock } from '../keys';
import * as repo from './products-settings.repository';

const notFound = () => new AppError('NOT_FOUND', 'This product does not exist.');

/** The price fields of a product, exact to the cent, as the audit log records them. */
const pricesOf = (p: Pick<ProductInput, 'dealer_price' | 'unit_price' | 'royalty' | 'bonus'>) => ({
  dealer_price: fromCents(toCents(p.dealer_price)),
  unit_price: fromCents(toCents(p.unit_price)),
  royalty: fromCents(toCents(p.royalty)),
  bonus: fromCents(toCents(p.bonus)),
});

/**
 * The catalogue as the global admin keeps it: products with texts in three languages, prices
 * (a change of price is audited), a category and a picture stored with its row.
 */
export const createProductSettingsService = ({ db, imagesDir }: { db: Db; imagesDir: string }) => {
  const one = async (id: number) => {
    const product = await repo.findProductSettingsOf(db, id);
    if (!product) throw notFound();
    return product;
  };

  /** Runs a write and turns constraint failures into clear answers. */
  const write = async (input: ProductInput, work: () => Promise<number | undefined>) => {
    try {
      const id = await work();
      if (!id) throw notFound();
      return await one(id);
    } catch (error) {
      if (isUniqueViolation(error))
        throw new AppError('CONFLICT', `A product with the SKU ${input.sku} already exists.`);
      if (isForeignKeyViolation(error))
        throw new AppError('VALIDATION_FAILED', 'The chosen category does not exist.');
      throw error;
    }
  };

  return {
    list: (query: SettingsListQuery & { category_id?: number }) =>
      repo.findProductSettings(db, query),
    get: one,

    add: (input: ProductInput, actor: AuditActor) =>
      write(input, () =>
        db.transaction(async (tx) => {
          const id = await repo.insertProduct(tx, input);
          await writeAudit(tx, actor, {
            action: 'product.create',
            entityType: 'product',
            entityId: id,
            after: { sku: input.sku, ...pricesOf(input) },
          });
          return id;
        }),
      ),

    update: (id: number, input: ProductInput, actor: AuditActor) =>
      write(input, () =>
        db.transaction(async (tx) => {
          const before = await repo.lockProduct(tx, id);
          if (!before) return undefined;
          await repo.updateProduct(tx, id, input);
          // a threshold lowered to the stock (or turned off) may tell of the next fall again
          if (input.low_stock_threshold !== undefined) await rearmLowStock(tx, id);
          // a change of price is a price setting: it goes to the audit log
          const diff = changedFields(
            pricesOf({
              dealer_price: before.dealerPrice,
              unit_price: before.unitPrice,
              royalty: before.royalty,
              bonus: before.bonus,
            }),
            pricesOf(input),
          );
          if (diff)
            await writeAudit(tx, actor, {
              action: 'product.price_update',
              entityType: 'product',
              entityId: id,
              ...diff,
            });
          return id;
        }),
      ),

    /** Deletes a product no order has; one with orders is made inactive instead. */
    remove: async (id: number) => {
      const product = await one(id);
      try {
        const row = await repo.deleteProduct(db, id);
        await removeStoredFile(imagesDir, row?.imagePath ?? null);
      } catch (error) {
        if (isForeignKeyViolation(error)) {
          throw new AppError(
            'IN_USE',
            `${product.sku} has orders and cannot be deleted; make it inactive instead.`,
          );
        }
        throw error;
      }
      return product;
    },

    /** `readImage` runs once the product is known to exist. */
    setImage: async (id: number, readImage: () => Promise<CheckedFile>) => {
      const product = await one(id);
      const replaced = await writeWithFile({
        db,
        dir: imagesDir,
        file: await readImage(),
        write: async (tx, imagePath) => {
          const before = await repo.lockProduct(tx, product.id);
          if (!before) throw notFound();
          await repo.setProductImage(tx, product.id, imagePath);
          return before.imagePath;
        },
      });
      // the replaced picture goes only once the new one is committed
      await removeStoredFile(imagesDir, replaced);
      return one(product.id);
    },
  };
};
