import { randomBytes } from 'node:crypto';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import {
  adobeCustomers,
  appSettings,
  categories,
  countries,
  exchangeRates,
  licenceKeys,
  localDistrictCountries,
  markupGroupCategories,
  markupGroups,
  products,
  userGroupMembers,
  userGroups,
  users,
} from '../db/schema';
import { hashPassword } from '../lib/passwords';
import { demoAdobeCustomers } from '../modules/adobe';
import { demoAttributeColumns } from './demo-attributes';
import { demoCategories, demoProducts } from './demo-catalogue';
import { seedLibrary, seedNews, seedTargets } from './demo-content';
import { seedDemoEvents } from './demo-events';
import { seedPartnerApplications } from './demo-partners';
import { seedDemoSales } from './demo-sales';
import { seedDemoTeam } from './demo-users';

export const DEMO_PASSWORD = 'demo1234';
const SEED_MARKER = 'demo_seeded_at';

const demoCountries = [
  { code: 'AZ', nameEn: 'Azerbaijan', nameRu: 'Азербайджан', nameAz: 'Azərbaycan' },
  { code: 'GE', nameEn: 'Georgia', nameRu: 'Грузия', nameAz: 'Gürcüstan' },
  { code: 'KZ', nameEn: 'Kazakhstan', nameRu: 'Казахстан', nameAz: 'Qazaxıstan' },
  { code: 'UZ', nameEn: 'Uzbekistan', nameRu: 'Узбекистан', nameAz: 'Özbəkistan' },
  { code: 'TR', nameEn: 'Türkiye', nameRu: 'Турция', nameAz: 'Türkiyə' },
];

const demoMarkupGroups = [
  { name: 'Standard', percent: '5.00' },
  { name: 'Silver', percent: '3.00' },
  { name: 'Gold', percent: '1.50' },
];

export const demoAccounts = [
  { email: 'gd@example.com', name: 'Aysel Mammadova', typeId: 1, note: 'global district admin' },
  {
    email: 'ld@example.com',
    name: 'Rashad Aliyev',
    typeId: 2,
    note: 'local district admin (Azerbaijan, Georgia)',
  },
  {
    email: 'dealer@example.com',
    name: 'Caspian Soft LLC',
    typeId: 3,
    note: 'dealer, Adobe account, credit 5,000 USD',
  },
  {
    email: 'dealer2@example.com',
    name: 'Baku IT Partners',
    typeId: 3,
    note: 'dealer, no Adobe account',
  },
  {
    email: 'user@example.com',
    name: 'Leyla Huseynova',
    typeId: 4,
    note: 'end user of dealer@example.com, AZN cash and credit',
  },
] as const;

type SeedStep = { marker: string; run: (tx: Tx) => Promise<void> };

/** Kept out of stock in the demo, to show an order item waiting for keys. */
export const DEMO_OUT_OF_STOCK_SKU = 'MS-PRJSTD24-ESD';
const DEMO_KEYS_PER_PRODUCT = 200;

const keyAlphabet = 'BCDFGHJKMPQRTVWXY2346789';
/** A product-key-looking string: five groups of five. */
const demoKey = () =>
  Array.from({ length: 5 }, () =>
    Array.from(randomBytes(5), (b) => keyAlphabet[b % keyAlphabet.length]).join(''),
  ).join('-');

/** The demo dealer's Adobe customers; the local Adobe sandbox knows the same ones. */
const seedAdobeCustomers = async (tx: Tx) => {
  const [dealer] = await tx
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, 'dealer@example.com'));
  if (!dealer) return;
  await tx
    .insert(adobeCustomers)
    .values(
      demoAdobeCustomers.map((c) => ({
        dealerId: dealer.id,
        customerId: c.customerId,
        companyName: c.companyName,
        marketSegment: c.marketSegment,
        profile: {
          customerId: c.customerId,
          companyProfile: {
            companyName: c.companyName,
            marketSegment: c.marketSegment,
            address: {
              country: c.country,
              city: c.city,
              addressLine1: c.addressLine1,
              postalCode: c.postalCode,
            },
            contacts: [{ ...c.contact }],
          },
        },
      })),
    )
    .onConflictDoNothing();
};

/** Every key-stock product of the demo gets keys, so a first order completes with them. */
const seedKeys = async (tx: Tx) => {
  const stocked = await tx
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.providerId, 1), ne(products.sku, DEMO_OUT_OF_STOCK_SKU)));
  for (const product of stocked) {
    await tx
      .insert(licenceKeys)
      .values(
        Array.from({ length: DEMO_KEYS_PER_PRODUCT }, () => ({
          productId: product.id,
          key: demoKey(),
        })),
      )
      .onConflictDoNothing();
  }
};

/**
 * Loads the demo data once, step by step: each step leaves a marker, so a second run does
 * nothing and a data folder from an older version receives only the steps it lacks.
 */
export const seedDemoData = async (
  db: Db,
  options: { dataDir?: string } = {},
): Promise<boolean> => {
  const { dataDir } = options;
  const steps: SeedStep[] = [
    { marker: SEED_MARKER, run: seedAccountsAndCatalogue },
    { marker: 'demo_seed_pricing', run: seedPricing },
    { marker: 'demo_seed_company', run: seedCompany },
    { marker: 'demo_seed_keys', run: seedKeys },
    { marker: 'demo_seed_adobe_customers', run: seedAdobeCustomers },
    { marker: 'demo_seed_events', run: seedDemoEvents },
    { marker: 'demo_seed_users', run: (tx) => seedDemoTeam(tx, DEMO_PASSWORD) },
    { marker: 'demo_seed_partner_applications', run: seedPartnerApplications },
    { marker: 'demo_seed_news', run: seedNews },
    { marker: 'demo_seed_targets', run: seedTargets },
    { marker: 'demo_seed_sales', run: seedDemoSales },
    // library files go under DATA_DIR: only a caller that names it gets them
    ...(dataDir
      ? [{ marker: 'demo_seed_library', run: (tx: Tx) => seedLibrary(tx, dataDir) }]
      : []),
  ];
  const done = await db.select({ key: appSettings.key }).from(appSettings);
  const pending = steps.filter((step) => !done.some((row) => row.key === step.marker));
  if (pending.length === 0) return false;
  for (const step of pending) {
    await db.transaction(async (tx) => {
      // a concurrent starter waits here and then sees the marker
      await tx.execute(sql`select pg_advisory_xact_lock(727002)`);
      const [again] = await tx.select().from(appSettings).where(eq(appSettings.key, step.marker));
      if (again) return;
      await step.run(tx);
      await tx
        .insert(appSettings)
        .values({ key: step.marker, value: new Date().toISOString() })
        .onConflictDoNothing();
    });
  }
  return true;
};

const seedAccountsAndCatalogue = async (tx: Tx) => {
  const passwordHash = await hashPassword(DEMO_PASSWORD);

  await tx.insert(countries).values(demoCountries).onConflictDoNothing();
  await tx
    .insert(categories)
    .values(
      demoCategories.map((c) => ({
        slug: c.slug,
        nameEn: c.name.en,
        nameRu: c.name.ru,
        nameAz: c.name.az,
      })),
    )
    .onConflictDoNothing();
  await tx.insert(markupGroups).values(demoMarkupGroups).onConflictDoNothing();

  const countryRows = await tx.select().from(countries);
  const countryId = (code: string) => countryRows.find((c) => c.code === code)?.id ?? null;
  const categoryRows = await tx.select().from(categories);
  const categoryId = (slug: string) => {
    const id = categoryRows.find((c) => c.slug === slug)?.id;
    if (!id) throw new Error(`demo product names unknown category ${slug}`);
    return id;
  };
  const [standard] = await tx.select().from(markupGroups).where(eq(markupGroups.name, 'Standard'));

  await tx
    .insert(products)
    .values(
      demoProducts.map((p) => ({
        ...demoAttributeColumns(p),
        sku: p.sku,
        titleEn: p.title.en,
        titleRu: p.title.ru,
        titleAz: p.title.az,
        descriptionEn: p.description.en,
        descriptionRu: p.description.ru,
        descriptionAz: p.description.az,
        requirementsEn: p.requirements.en,
        requirementsRu: p.requirements.ru,
        requirementsAz: p.requirements.az,
        installationEn: p.installation.en,
        installationRu: p.installation.ru,
        installationAz: p.installation.az,
        categoryId: categoryId(p.category),
        providerId: p.providerId,
        dealerPrice: p.dealerPrice,
        unitPrice: p.unitPrice,
        royalty: p.royalty,
        bonus: p.bonus,
        points: p.points,
        usersCount: p.usersCount,
        devicesCount: p.devicesCount,
        isReturnable: p.isReturnable,
      })),
    )
    .onConflictDoNothing();

  const az = countryId('AZ');
  const base = { passwordHash, countryId: az };
  await tx
    .insert(users)
    .values([
      { ...base, email: 'gd@example.com', name: demoAccounts[0].name, typeId: 1 },
      { ...base, email: 'ld@example.com', name: demoAccounts[1].name, typeId: 2, lang: 'ru' },
      {
        ...base,
        email: 'dealer@example.com',
        name: demoAccounts[2].name,
        typeId: 3,
        creditLimit: '5000.00',
        hasAdobeAccount: true,
        markupGroupId: standard?.id,
      },
      {
        ...base,
        email: 'dealer2@example.com',
        name: demoAccounts[3].name,
        typeId: 3,
        creditLimit: '3000.00',
        markupGroupId: standard?.id,
        lang: 'az',
      },
    ])
    .onConflictDoNothing();
  const [dealer] = await tx.select().from(users).where(eq(users.email, 'dealer@example.com'));
  await tx
    .insert(users)
    .values({
      ...base,
      email: 'user@example.com',
      name: demoAccounts[4].name,
      typeId: 4,
      dealerId: dealer?.id,
      needAznCash: true,
      needAznCredit: true,
    })
    .onConflictDoNothing();

  const [ld] = await tx.select().from(users).where(eq(users.email, 'ld@example.com'));
  const ldCountries = countryRows.filter((c) => ['AZ', 'GE'].includes(c.code));
  if (ld && ldCountries.length > 0) {
    await tx
      .insert(localDistrictCountries)
      .values(ldCountries.map((c) => ({ userId: ld.id, countryId: c.id })))
      .onConflictDoNothing();
  }
};

/** The demo seller's details, so invoices and proforma invoices can be made at once. */
const seedCompany = async (tx: Tx) => {
  await tx
    .insert(appSettings)
    .values({
      key: 'company',
      value: {
        name: 'ESD Demo Distribution MMC',
        voen: '1400000001',
        address: 'Nizami küçəsi 1, Bakı AZ1000, Azərbaycan',
        phone: '+994 12 000 00 00',
        bank_name: 'Demo Bank ASC',
        iban: 'AZ00DEMO00000000000000000001',
        swift: 'DEMOAZ22',
        payment_days: 5,
      },
    })
    .onConflictDoNothing();
};

/** Today's bank rate, VAT, a user group and an own price, so every price shows at once. */
const seedPricing = async (tx: Tx) => {
  await tx
    .insert(exchangeRates)
    .values({
      rateDate: sql`current_date - 1` as unknown as string,
      usdAzn: '1.7000',
      source: 'manual',
    })
    .onConflictDoNothing();
  await tx
    .insert(appSettings)
    .values({ key: 'pricing', value: { vat_percent: '18.00', credit_surcharge_percent: '2.00' } })
    .onConflictDoNothing();
  const [dealer] = await tx.select().from(users).where(eq(users.email, 'dealer@example.com'));
  const [user] = await tx.select().from(users).where(eq(users.email, 'user@example.com'));
  if (!dealer || !user) return;
  const [group] = await tx
    .insert(userGroups)
    .values({ dealerId: dealer.id, name: 'Key accounts', markupPercent: '12.00' })
    .onConflictDoNothing()
    .returning();
  if (group)
    await tx
      .insert(userGroupMembers)
      .values({ userId: user.id, userGroupId: group.id })
      .onConflictDoNothing();
  const [silver] = await tx.select().from(markupGroups).where(eq(markupGroups.name, 'Silver'));
  const [security] = await tx.select().from(categories).where(eq(categories.slug, 'security'));
  if (silver && security) {
    await tx
      .insert(markupGroupCategories)
      .values({ markupGroupId: silver.id, categoryId: security.id, percent: '2.00' })
      .onConflictDoNothing();
  }
};
