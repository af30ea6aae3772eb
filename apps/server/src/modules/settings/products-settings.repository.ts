import type { ProductInput, SettingsListQuery } from '@esd/shared/catalogue/settings.schemas';
import { and, count, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { categories, products } from '../../db/schema';
import { listOrder, offsetOf } from '../../lib/list';
import { productImageUrl, productSearchCondition } from '../catalogue';

type Row = { product: typeof products.$inferSelect; category: string };

const toSettings = ({ product: p, category }: Row) => ({
  id: p.id,
  sku: p.sku,
  title: { en: p.titleEn, ru: p.titleRu, az: p.titleAz },
  description: { en: p.descriptionEn, ru: p.descriptionRu, az: p.descriptionAz },
  requirements: { en: p.requirementsEn, ru: p.requirementsRu, az: p.requirementsAz },
  installation: { en: p.installationEn, ru: p.installationRu, az: p.installationAz },
  category_id: p.categoryId,
  category,
  provider_id: p.providerId as 1 | 2 | 3,
  dealer_price: p.dealerPrice,
  unit_price: p.unitPrice,
  royalty: p.royalty,
  bonus: p.bonus,
  points: p.points,
  delivery_time: { en: p.deliveryTimeEn, ru: p.deliveryTimeRu, az: p.deliveryTimeAz },
  operating_systems: {
    en: p.operatingSystemsEn,
    ru: p.operatingSystemsRu,
    az: p.operatingSystemsAz,
  },
  licence_type: { en: p.licenceTypeEn, ru: p.licenceTypeRu, az: p.licenceTypeAz },
  users_count: p.usersCount,
  devices_count: p.devicesCount,
  is_returnable: p.isReturnable,
  is_active: p.isActive,
  low_stock_threshold: p.lowStockThreshold,
  image_url: productImageUrl(p.imagePath),
  updated_at: p.updatedAt.toISOString(),
});

const toValues = (i: ProductInput) => ({
  sku: i.sku,
  titleEn: i.title.en,
  titleRu: i.title.ru,
  titleAz: i.title.az,
  descriptionEn: i.description.en,
  descriptionRu: i.description.ru,
  descriptionAz: i.description.az,
  requirementsEn: i.requirements.en,
  requirementsRu: i.requirements.ru,
  requirementsAz: i.requirements.az,
  installationEn: i.installation.en,
  installationRu: i.installation.ru,
  installationAz: i.installation.az,
  categoryId: i.category_id,
  providerId: i.provider_id,
  dealerPrice: i.dealer_price,
  unitPrice: i.unit_price,
  royalty: i.royalty,
  bonus: i.bonus,
  points: i.points,
  deliveryTimeEn: i.delivery_time.en,
  deliveryTimeRu: i.delivery_time.ru,
  deliveryTimeAz: i.delivery_time.az,
  operatingSystemsEn: i.operating_systems.en,
  operatingSystemsRu: i.operating_systems.ru,
  operatingSystemsAz: i.operating_systems.az,
  licenceTypeEn: i.licence_type.en,
  licenceTypeRu: i.licence_type.ru,
  licenceTypeAz: i.licence_type.az,
  usersCount: i.users_count,
  devicesCount: i.devices_count,
  isReturnable: i.is_returnable,
  isActive: i.is_active,
  ...(i.low_stock_threshold === undefined ? {} : { lowStockThreshold: i.low_stock_threshold }),
  updatedAt: sql`now()`,
});

/** A page of products matching `q` (and a category), in the asked order, and how many. */
export const findProductSettings = async (
  db: DbOrTx,
  query: SettingsListQuery & { category_id?: number },
) => {
  const where = and(
    productSearchCondition(query.q),
    query.category_id ? eq(products.categoryId, query.category_id) : undefined,
  );
  const order = listOrder(
    query,
    {
      sku: products.sku,
      title: products.titleEn,
      dealer_price: products.dealerPrice,
      unit_price: products.unitPrice,
      updated: products.updatedAt,
    },
    'title',
    products.id,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({ product: products, category: categories.nameEn })
      .from(products)
      .innerJoin(categories, eq(categories.id, products.categoryId))
      .where(where)
      .orderBy(...order)
      .limit(query.perPage)
      .offset(offsetOf(query)),
    db.select({ value: count() }).from(products).where(where),
  ]);
  return { items: rows.map(toSettings), total: total?.value ?? 0 };
};

export const findProductSettingsOf = async (db: DbOrTx, id: number) => {
  const [row] = await db
    .select({ product: products, category: categories.nameEn })
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(eq(products.id, id));
  return row ? toSettings(row) : undefined;
};

export const insertProduct = async (db: DbOrTx, input: ProductInput) => {
  const [row] = await db.insert(products).values(toValues(input)).returning({ id: products.id });
  return row?.id;
};

/** The product's row, locked until commit. */
export const lockProduct = async (db: DbOrTx, id: number) => {
  const [row] = await db.select().from(products).where(eq(products.id, id)).for('update');
  return row;
};

export const updateProduct = (db: DbOrTx, id: number, input: ProductInput) =>
  db.update(products).set(toValues(input)).where(eq(products.id, id));

export const setProductImage = (db: DbOrTx, id: number, imagePath: string | undefined) =>
  db.update(products).set({ imagePath, updatedAt: sql`now()` }).where(eq(products.id, id));

/** Deletes a product; answers its picture's stored name. */
export const deleteProduct = async (db: DbOrTx, id: number) => {
  const [row] = await db
    .delete(products)
    .where(eq(products.id, id))
    .returning({ imagePath: products.imagePath });
  return row;
};
