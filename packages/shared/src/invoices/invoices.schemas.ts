import { z } from 'zod';
import { idTextSchema } from '../bounds';
import { languages } from '../constants';

/** The most days a proforma invoice gives for payment. */
export const PAYMENT_DAYS_MAX = 90;

const line = (max: number) => z.string().trim().min(1).max(max);

/**
 * The seller's details printed on every invoice (Settings → Company): the company, its VÖEN,
 * address and phone, the bank account payments go to, and the days a proforma gives to pay.
 */
export const companySettingsSchema = z.object({
  name: line(200),
  /** VÖEN, the 10-digit tax id */
  voen: z
    .string()
    .trim()
    .regex(/^\d{10}$/, 'ten digits'),
  address: line(500),
  phone: z
    .string()
    .trim()
    .min(5)
    .max(40)
    .regex(/^[+\d][\d\s()-]*$/, 'digits, spaces, + ( ) -'),
  bank_name: line(200),
  /** the account payments go to: an IBAN (AZ…) or the bank's account number */
  iban: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9]{10,34}$/, '10 to 34 letters and digits, no spaces'),
  /** the bank's SWIFT (BIC) or local bank code */
  swift: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9]{4,11}$/, '4 to 11 letters and digits'),
  /** a proforma invoice is due this many days after the order was placed */
  payment_days: z.number().int().min(0).max(PAYMENT_DAYS_MAX),
});
export type CompanySettings = z.infer<typeof companySettingsSchema>;

/** GET /api/settings/company: the details, or null while nobody has entered them. */
export const companySettingsAnswerSchema = companySettingsSchema.nullable();

/** GET /api/orders/{id}/invoice: the language of the document (the buyer's by default). */
export const invoiceQuerySchema = z.object({
  lang: z.enum(languages).optional(),
});

/** The documents of record of an order (issue 31). */
export const documentKinds = ['proforma', 'invoice', 'credit_note'] as const;
export type DocumentKind = (typeof documentKinds)[number];

/** A document's number: its kind's prefix, the Baku year it was issued in, its place that year. */
export const DOCUMENT_PREFIX = {
  proforma: 'PRO',
  invoice: 'INV',
  credit_note: 'CN',
} as const satisfies Record<DocumentKind, string>;
const DOCUMENT_NUMBER = /^(PRO|INV|CN)-\d{4}-\d{6}$/;

/** `INV-2026-000123`: readable, sortable within a kind and year. */
/** What a document's number starts with, before its sequence: `INV-2026-`. */
export const documentNumberPrefix = (kind: DocumentKind, year: number) =>
  `${DOCUMENT_PREFIX[kind]}-${year}-`;
/** The sequence's width in a number: zero-padded to six digits (SQL: `insertNumberedDocument`). */
export const DOCUMENT_SEQ_DIGITS = 6;
export const documentNumber = (kind: DocumentKind, year: number, seq: number) =>
  `${documentNumberPrefix(kind, year)}${String(seq).padStart(DOCUMENT_SEQ_DIGITS, '0')}`;

const decimal = z.string().regex(/^-?\d+(\.\d+)?$/);
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
/** a text the document prints in each language, so every language reads the same data */
const inEachLanguage = z.object({ en: z.string(), ru: z.string(), az: z.string() });

/**
 * What a document prints, frozen when it is issued and stored with it: a download renders this,
 * never the order, the seller's details or the rates as they are now.
 */
export const documentSnapshotSchema = z.object({
  kind: z.enum(documentKinds),
  orderId: z.number().int(),
  /** the day of issue (`YYYY-MM-DD`, Baku) */
  issuedOn: day,
  placedOn: day,
  /** a proforma's last day to pay */
  dueOn: day.nullable(),
  /** a paid cash order's payment day */
  paidOn: day.nullable(),
  onCredit: z.boolean(),
  /** a credit note: the number of the invoice it corrects */
  refersTo: z.string().nullable(),
  seller: companySettingsSchema,
  buyer: z.object({
    name: z.string(),
    email: z.string(),
    company: z.string().nullable(),
    voen: z.string().nullable(),
    address: inEachLanguage.nullable(),
  }),
  lines: z.array(
    z.object({
      sku: z.string(),
      title: inEachLanguage,
      quantity: z.number().int(),
      unitUsd: decimal,
      totalUsd: decimal,
      adobe: z
        .object({ customerId: z.string(), companyName: z.string(), threeYear: z.boolean() })
        .nullable(),
    }),
  ),
  /** USD without VAT: the order's total, or a credit note's refund */
  totalUsd: decimal,
  vatPercent: decimal,
  vatUsd: decimal,
  surchargePercent: decimal,
  rate: decimal,
  /** the Baku day of the bank rate, null when it cannot be told any more */
  rateDate: day.nullable(),
  /** AZN with VAT, split into net and VAT: the order's total, or a credit note's refund */
  azn: z.object({ net: decimal, vat: decimal, total: decimal }),
  /** what the order had refunded when an invoice was issued */
  refundedAzn: decimal,
});
export type DocumentSnapshot = z.infer<typeof documentSnapshotSchema>;

/** GET /api/orders/{id}/documents: the order's documents of record, oldest first. */
export const orderDocumentSchema = z.object({
  kind: z.enum(documentKinds),
  number: z.string(),
  issued_at: z.string(),
  /** AZN with VAT: the document's total (a credit note: what it refunds) */
  amount: z.string(),
  /** a credit note: the invoice it refers to */
  refers_to: z.string().nullable(),
});
export type OrderDocument = z.infer<typeof orderDocumentSchema>;
export const orderDocumentsAnswerSchema = z.array(orderDocumentSchema);

/** GET /api/orders/{id}/documents/{number}: the document's PDF. */
export const orderDocumentParamsSchema = z.object({
  id: idTextSchema,
  number: z.string().regex(DOCUMENT_NUMBER, 'a document number such as INV-2026-000123'),
});
