import type { Language } from '@esd/shared/constants';
import { fromCents, toCents } from '@esd/shared/shop/money';
import { ownSettingBelowCost } from '@esd/shared/shop/pricing.rules';
import type { Db } from '../../db/client';
import { type AuditActor, changedFields, writeAudit } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import type { Session } from '../../plugins/auth';
import { loadPricingContext, type PricingContext, titleColumn, usdPrice } from '../catalogue';
import * as repo from './dealer-prices.repository';

/** The dealer's view of one product: its cost, its own setting, and what its users pay. */
const toDealerPrice = (ctx: PricingContext, { product, title, own }: repo.DealerPriceRow) => {
  const dealerCost = usdPrice(ctx, product, null);
  const setting = own ? { mode: own.mode, value: own.value } : null;
  return {
    product_id: product.id,
    sku: product.sku,
    FullTitle: title,
    dealer_cost: dealerCost,
    unit_price: product.unitPrice,
    mode: setting?.mode ?? null,
    value: setting?.value ?? null,
    // what a user of this dealer outside any group pays
    user_price: usdPrice({ ...ctx, role: 'u', userGroupPercent: null }, product, setting),
  };
};

/** The own setting as the audit log records it. */
const audited = (productId: number, row: Awaited<ReturnType<typeof repo.lockOwnSetting>>) =>
  row ? { product_id: productId, mode: row.mode, value: row.value } : null;

/**
 * A dealer's own prices for its users (spec 5): per product, a fixed price or a markup on
 * what the dealer pays, never below that cost.
 */
export const createDealerPricesService = ({ db }: { db: Db }) => {
  const one = async (session: Session, lang: Language, productId: number) => {
    const ctx = await loadPricingContext(db, session);
    const row = await repo.findDealerPrice(db, session.user.id, titleColumn(lang), productId);
    if (!row) throw new AppError('NOT_FOUND', 'This product does not exist or is no longer sold.');
    return toDealerPrice(ctx, row);
  };

  return {
    list: async (
      session: Session,
      lang: Language,
      query: { page: number; perPage: number; q?: string },
    ) => {
      const [ctx, { rows, total }] = await Promise.all([
        loadPricingContext(db, session),
        repo.findDealerPrices(db, session.user.id, titleColumn(lang), query),
      ]);
      return { items: rows.map((row) => toDealerPrice(ctx, row)), total };
    },

    set: async (
      session: Session,
      lang: Language,
      productId: number,
      input: { mode: 'price' | 'markup'; value: string },
      actor: AuditActor,
    ) => {
      const dealerId = session.user.id;
      const current = await one(session, lang, productId);
      const { mode, value } = input;
      const lowest = ownSettingBelowCost({ mode, value }, current.dealer_cost);
      if (lowest) {
        throw new AppError(
          'PRICE_BELOW_COST',
          `Your users cannot pay less than you pay for this product: the lowest price you can set is ${lowest} USD.`,
          { min_price: lowest },
        );
      }
      await db.transaction(async (tx) => {
        const before = audited(productId, await repo.lockOwnSetting(tx, dealerId, productId));
        await repo.upsertOwnSetting(tx, { dealerId, productId, mode, value });
        const after = { product_id: productId, mode, value: fromCents(toCents(value)) };
        const diff = before ? changedFields(before, after) : { before: null, after };
        if (diff)
          await writeAudit(tx, actor, {
            action: 'dealer_price.set',
            entityType: 'dealer_price',
            entityId: productId,
            ...diff,
          });
      });
      return one(session, lang, productId);
    },

    reset: async (session: Session, lang: Language, productId: number, actor: AuditActor) => {
      const dealerId = session.user.id;
      await db.transaction(async (tx) => {
        const before = audited(productId, await repo.lockOwnSetting(tx, dealerId, productId));
        if (!before) return;
        await repo.deleteOwnSetting(tx, dealerId, productId);
        await writeAudit(tx, actor, {
          action: 'dealer_price.reset',
          entityType: 'dealer_price',
          entityId: productId,
          before,
        });
      });
      return one(session, lang, productId);
    },
  };
};
