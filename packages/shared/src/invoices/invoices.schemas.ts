import { z } from 'zod';
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
