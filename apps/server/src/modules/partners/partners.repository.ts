import { isLanguage, type Language } from '@esd/shared/constants';
import type {
  PartnerApplication,
  PartnerApplicationStatus,
} from '@esd/shared/partners/partners.schemas';
import { and, asc, count, desc, eq, ilike, ne, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { countries, partnerApplications, users } from '../../db/schema';
import { containsPattern } from '../../lib/list';

type PartnerApplicationRow = typeof partnerApplications.$inferSelect;

const reviewers = alias(users, 'reviewers');

const countryName = (lang: Language): SQL<string> =>
  ({
    en: sql<string>`${countries.nameEn}`,
    ru: sql<string>`${countries.nameRu}`,
    az: sql<string>`${countries.nameAz}`,
  })[lang];

const selectApplications = (db: DbOrTx, lang: Language) =>
  db
    .select({
      application: partnerApplications,
      countryName: countryName(lang),
      reviewerName: reviewers.name,
    })
    .from(partnerApplications)
    .innerJoin(countries, eq(countries.id, partnerApplications.countryId))
    .leftJoin(reviewers, eq(reviewers.id, partnerApplications.reviewedBy));

type SelectedRow = {
  application: PartnerApplicationRow;
  countryName: string;
  reviewerName: string | null;
};

const toPartnerApplication = ({
  application: a,
  countryName,
  reviewerName,
}: SelectedRow): PartnerApplication => ({
  id: a.id,
  status: a.status,
  company_name: a.companyName,
  voen: a.voen,
  contract_number: a.contractNumber,
  contract_start_date: a.contractStartDate,
  mpn_id: a.mpnId,
  full_name: a.fullName,
  email: a.email,
  phone: a.phone,
  fin_code: a.finCode,
  country: { id: a.countryId, name: countryName },
  region: a.region,
  city: a.city,
  address_line1: a.addressLine1,
  address_line2: a.addressLine2,
  postal_code: a.postalCode,
  position: a.position,
  contact_number: a.contactNumber,
  lang: isLanguage(a.lang) ? a.lang : 'en',
  reject_reason: a.rejectReason,
  reviewed_by:
    a.reviewedBy !== null && reviewerName !== null
      ? { id: a.reviewedBy, name: reviewerName }
      : null,
  reviewed_at: a.reviewedAt?.toISOString() ?? null,
  user_id: a.userId,
  created_at: a.createdAt.toISOString(),
});

export const findPartnerApplication = async (db: DbOrTx, id: number, lang: Language) => {
  const [row] = await selectApplications(db, lang).where(eq(partnerApplications.id, id));
  return row ? toPartnerApplication(row) : undefined;
};

/** The application row locked for a review decision (approve or reject). */
export const lockPartnerApplication = async (db: DbOrTx, id: number) => {
  const [row] = await db
    .select()
    .from(partnerApplications)
    .where(eq(partnerApplications.id, id))
    .for('update');
  return row;
};

export const listPartnerApplications = async (
  db: DbOrTx,
  query: {
    status?: PartnerApplicationStatus;
    q?: string;
    page: number;
    perPage: number;
    lang: Language;
  },
) => {
  const pattern = query.q ? containsPattern(query.q) : undefined;
  const where = and(
    query.status ? eq(partnerApplications.status, query.status) : undefined,
    pattern
      ? or(
          ilike(partnerApplications.companyName, pattern),
          ilike(partnerApplications.voen, pattern),
          ilike(partnerApplications.email, pattern),
          ilike(partnerApplications.fullName, pattern),
          ilike(partnerApplications.finCode, pattern),
          ilike(partnerApplications.mpnId, pattern),
        )
      : undefined,
  );
  // pending first (oldest waiting longest on top), then the decided ones, newest first
  const [rows, [total], byStatus] = await Promise.all([
    selectApplications(db, query.lang)
      .where(where)
      .orderBy(
        sql`case when ${partnerApplications.status} = 'pending' then 0 else 1 end`,
        sql`case when ${partnerApplications.status} = 'pending' then ${partnerApplications.createdAt} end asc`,
        desc(partnerApplications.createdAt),
        asc(partnerApplications.id),
      )
      .limit(query.perPage)
      .offset((query.page - 1) * query.perPage),
    db.select({ value: count() }).from(partnerApplications).where(where),
    db
      .select({ status: partnerApplications.status, value: count() })
      .from(partnerApplications)
      .groupBy(partnerApplications.status),
  ]);
  const counts = { pending: 0, approved: 0, rejected: 0 };
  for (const row of byStatus) counts[row.status] = row.value;
  return { items: rows.map(toPartnerApplication), total: total?.value ?? 0, counts };
};

/** Every country, for the form's country choice. */
export const findCountries = (db: DbOrTx) =>
  db.select().from(countries).orderBy(asc(countries.nameEn));

export const countryExists = async (db: DbOrTx, id: number) => {
  const [row] = await db.select({ id: countries.id }).from(countries).where(eq(countries.id, id));
  return row !== undefined;
};

/** Whether an account already uses this e-mail (as typed: the form lower-cases it). */
/** Whether an application not rejected holds this VÖEN (the partial unique index's rows). */
export const openApplicationHasVoen = async (db: DbOrTx, voen: string) => {
  const [row] = await db
    .select({ id: partnerApplications.id })
    .from(partnerApplications)
    .where(and(eq(partnerApplications.voen, voen), ne(partnerApplications.status, 'rejected')));
  return row !== undefined;
};

/** The account that uses an e-mail address: whom to tell, in its language. */
export const findAccountByEmail = async (db: DbOrTx, email: string) => {
  const [row] = await db
    .select({ name: users.name, lang: users.lang })
    .from(users)
    .where(eq(users.email, email));
  return row;
};

export const accountExists = async (db: DbOrTx, email: string) => {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return row !== undefined;
};

export const insertPartnerApplication = async (
  db: DbOrTx,
  values: typeof partnerApplications.$inferInsert,
) => {
  const [row] = await db
    .insert(partnerApplications)
    .values(values)
    .returning({ id: partnerApplications.id });
  return row!.id;
};

export const markApproved = async (
  db: DbOrTx,
  id: number,
  review: { userId: number; reviewedBy: number | null },
) => {
  await db
    .update(partnerApplications)
    .set({ status: 'approved', ...review, reviewedAt: new Date() })
    .where(eq(partnerApplications.id, id));
};

export const markRejected = async (
  db: DbOrTx,
  id: number,
  review: { rejectReason: string; reviewedBy: number | null },
) => {
  await db
    .update(partnerApplications)
    .set({ status: 'rejected', ...review, reviewedAt: new Date() })
    .where(eq(partnerApplications.id, id));
};
