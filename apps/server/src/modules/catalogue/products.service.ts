import { inLanguage } from '@esd/shared/catalogue/catalogue.rules';
import type { ProductListQuery } from '@esd/shared/catalogue/catalogue.schemas';
import type { Language } from '@esd/shared/constants';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/errors';
import { pick } from '../../lib/language';
import type { Session } from '../../plugins/auth';
import type { CatalogueCache } from './catalogue-cache';
import {
  loadOwnSettings,
  loadPricingContext,
  type PricingContext,
  shopPrices,
} from './pricing.context';
import {
  findCategoriesWithCounts,
  findProductWithCategory,
  findShopProducts,
  type ProductRow,
  productImageUrl,
  type ShopListRow,
} from './products.repository';

const localized = (
  p: ProductRow,
  field: 'title' | 'description' | 'requirements' | 'installation',
  lang: Language,
) => pick({ en: p[`${field}En`], ru: p[`${field}Ru`], az: p[`${field}Az`] }, lang);

/** An attribute in `lang`, or in English while `lang` has none. */
const attribute = (
  p: ProductRow,
  field: 'deliveryTime' | 'licenceType' | 'operatingSystems',
  lang: Language,
) => inLanguage({ en: p[`${field}En`], ru: p[`${field}Ru`], az: p[`${field}Az`] }, lang);

/** The card fields of a full product row in one language. */
const toShopRow = (p: ProductRow, lang: Language): ShopListRow => ({
  ...p,
  title: localized(p, 'title', lang),
  description: localized(p, 'description', lang),
  licenceType: attribute(p, 'licenceType', lang),
  deliveryTime: attribute(p, 'deliveryTime', lang),
});

const toListItem = (
  p: ShopListRow,
  category: string,
  prices: { Amount: string; cash: string | null; credit: string | null },
) => ({
  id: p.id,
  sku: p.sku,
  FullTitle: p.title,
  Description: p.description,
  ...prices,
  provider_id: p.providerId,
  is_returnable: p.isReturnable,
  category_id: p.categoryId,
  category,
  image_url: productImageUrl(p.imagePath),
  licence_type: p.licenceType,
  delivery_time: p.deliveryTime,
});

const isAdmin = (ctx: PricingContext) => ctx.role === 'gd' || ctx.role === 'ld';

/**
 * The shop's catalogue: active products at the session's own prices (markups, dealer prices,
 * groups and AZN as its role and flags say); admins also see inactive ones and the base prices.
 */
export const createCatalogueService = ({ db, cache }: { db: Db; cache?: CatalogueCache }) => ({
  list: async (session: Session, lang: Language, query: ProductListQuery) => {
    const ctx = await loadPricingContext(db, session);
    const { rows, total } = await findShopProducts(db, { query, lang, ctx, cache });
    const own = await loadOwnSettings(
      db,
      ctx,
      rows.map((r) => r.product.id),
    );
    return {
      items: rows.map(({ product, category }) =>
        toListItem(product, category, shopPrices(ctx, product, own.get(product.id) ?? null)),
      ),
      total,
    };
  },

  product: async (session: Session, lang: Language, id: number) => {
    const ctx = await loadPricingContext(db, session);
    const row = await findProductWithCategory(db, id, lang);
    if (!row || (!row.product.isActive && !isAdmin(ctx))) {
      throw new AppError('NOT_FOUND', 'This product does not exist or is no longer sold.');
    }
    const { product, category } = row;
    const own = await loadOwnSettings(db, ctx, [product.id]);
    return {
      ...toListItem(
        toShopRow(product, lang),
        category,
        shopPrices(ctx, product, own.get(product.id) ?? null),
      ),
      requirements: localized(product, 'requirements', lang),
      installation: localized(product, 'installation', lang),
      operating_systems: attribute(product, 'operatingSystems', lang),
      users_count: product.usersCount,
      devices_count: product.devicesCount,
      points: product.points,
      dealer_price: isAdmin(ctx) ? product.dealerPrice : null,
      unit_price: isAdmin(ctx) ? product.unitPrice : null,
    };
  },

  categories: (lang: Language) => findCategoriesWithCounts(db, lang),
});
