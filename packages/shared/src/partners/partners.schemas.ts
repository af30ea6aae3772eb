import { z } from 'zod';
import { bakuDate } from '../baku-time';
import { idSchema, internationalPhoneSchema, isVisibleText, phoneRuleMessages } from '../bounds';
import { nonNegativeMoney } from '../catalogue/catalogue.schemas';
import { languages } from '../constants';
import { compareMoney, isMoney } from '../shop/money';

/**
 * "Become a Partner": one schema validates the public form in the browser and the request on
 * the server. Messages are English and name the field (the API's answer); the web app shows
 * its own translation per field and issue (see features/partners).
 */

const required = (field: string) => `${field} is required`;

/** A trimmed text of min..max characters; empty is "required" whatever the minimum. */
const text = (field: string, max: number, min = 1) => {
  const base = z
    .string({ error: required(field) })
    .trim()
    .min(1, required(field));
  return (min > 1 ? base.min(min, `${field} must be at least ${min} characters`) : base)
    .max(max, `${field} must be at most ${max} characters`)
    .refine(isVisibleText, `${field} must contain a visible letter or digit`);
};

export const CONTRACT_START_MIN = '1991-01-01';

const phoneFormat = (field: string) => phoneRuleMessages(field).format;
const phoneDigits = (field: string) => phoneRuleMessages(field).digits;

/**
 * The format rules of the form by name, with the API's English message. The web app shows
 * `partners.apply.rules.<name>` for an issue carrying one of these messages.
 */
export const partnerRuleMessages = {
  voen: 'VÖEN must be exactly 10 digits',
  contractDateFormat: 'Contract start date must be a date (YYYY-MM-DD)',
  contractDateReal: 'Contract start date must be a real calendar date',
  contractDateEarly: `Contract start date must not be before ${CONTRACT_START_MIN}`,
  contractDateFuture: 'Contract start date must not be in the future',
  mpnId: 'MPN ID must be 5 to 10 digits',
  email: 'E-mail must be a valid e-mail address',
  phoneFormat: phoneFormat('Phone'),
  phoneDigits: phoneDigits('Phone'),
  finCode: 'FIN code must be exactly 7 Latin letters and digits',
  country: 'Country is required',
  postalCode: 'Postal code must be 3 to 10 Latin letters, digits, spaces or hyphens',
  contactNumberFormat: phoneFormat('Contact number'),
  contactNumberDigits: phoneDigits('Contact number'),
} as const;
export type PartnerRule = keyof typeof partnerRuleMessages;
const rules = partnerRuleMessages;

/** International form, as the hint asks (bounds.ts `internationalPhoneSchema`). */
const phone = internationalPhoneSchema;

/** Today's date in Baku, where the distributor signs its contracts. */
export const todayInBaku = (now = Date.now()) => bakuDate(new Date(now));

const isRealDate = (value: string) => {
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
};

const contractStartDate = z
  .string({ error: required('Contract start date') })
  .trim()
  .min(1, required('Contract start date'))
  .regex(/^\d{4}-\d{2}-\d{2}$/, rules.contractDateFormat)
  .refine(isRealDate, rules.contractDateReal)
  .refine((value) => value >= CONTRACT_START_MIN, rules.contractDateEarly)
  .refine((value) => value <= todayInBaku(), rules.contractDateFuture);

export const partnerApplicationInputSchema = z.object({
  company_name: text('Company name', 200, 2),
  voen: z
    .string({ error: required('VÖEN') })
    .trim()
    .min(1, required('VÖEN'))
    .regex(/^[0-9]{10}$/, rules.voen),
  contract_number: text('Contract number', 50),
  contract_start_date: contractStartDate,
  mpn_id: z
    .string({ error: required('MPN ID') })
    .trim()
    .min(1, required('MPN ID'))
    .regex(/^[0-9]{5,10}$/, rules.mpnId),
  full_name: text('Full name', 150, 2),
  email: z
    .string({ error: required('E-mail') })
    .trim()
    .toLowerCase()
    .min(1, required('E-mail'))
    .max(254, 'E-mail must be at most 254 characters')
    .pipe(z.email(rules.email)),
  phone: phone('Phone'),
  fin_code: z
    .string({ error: required('FIN code') })
    .trim()
    .toUpperCase()
    .min(1, required('FIN code'))
    .regex(/^[A-Z0-9]{7}$/, rules.finCode),
  country_id: z
    .number({ error: rules.country })
    .int(rules.country)
    .positive(rules.country)
    .max(2_147_483_647, rules.country),
  region: text('Region', 100),
  city: text('City', 100),
  address_line1: text('Address line 1', 200),
  address_line2: z
    .string()
    .trim()
    .max(200, 'Address line 2 must be at most 200 characters')
    .default(''),
  postal_code: z
    .string({ error: required('Postal code') })
    .trim()
    .toUpperCase()
    .min(1, required('Postal code'))
    .regex(/^[A-Z0-9][A-Z0-9 -]{1,8}[A-Z0-9]$/, rules.postalCode),
  position: text('Position', 100),
  contact_number: phone('Contact number'),
  /** the applicant's language for every mail about the application; else the UI's */
  lang: z.enum(languages).optional(),
  /** honeypot: hidden from people, filled by bots; a filled one is dropped silently */
  website: z.string().max(500).optional(),
});
export type PartnerApplicationInput = z.input<typeof partnerApplicationInputSchema>;
export type PartnerApplicationValues = z.output<typeof partnerApplicationInputSchema>;

/** The fields of the form, in the order it shows them. */
export const partnerApplicationFields = [
  'company_name',
  'voen',
  'contract_number',
  'contract_start_date',
  'mpn_id',
  'full_name',
  'email',
  'phone',
  'fin_code',
  'country_id',
  'region',
  'city',
  'address_line1',
  'address_line2',
  'postal_code',
  'position',
  'contact_number',
] as const;
export type PartnerApplicationField = (typeof partnerApplicationFields)[number];

/** What the visitor learns: received. A honeypot submission gets the very same answer. */
export const partnerApplicationReceiptSchema = z.object({ received: z.literal(true) });
export type PartnerApplicationReceipt = z.infer<typeof partnerApplicationReceiptSchema>;

export const partnerFormOptionsSchema = z.object({
  countries: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export type PartnerFormOptions = z.infer<typeof partnerFormOptionsSchema>;

export const partnerApplicationStatuses = ['pending', 'approved', 'rejected'] as const;
export type PartnerApplicationStatus = (typeof partnerApplicationStatuses)[number];

export const partnerApplicationListQuerySchema = z.object({
  status: z.enum(partnerApplicationStatuses).optional(),
  q: z.string().trim().max(100).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  perPage: z.coerce.number().int().min(1).max(100).default(10),
});
export type PartnerApplicationListQuery = z.output<typeof partnerApplicationListQuerySchema>;

export const partnerApplicationSchema = z.object({
  id: z.number().int(),
  status: z.enum(partnerApplicationStatuses),
  company_name: z.string(),
  voen: z.string(),
  contract_number: z.string(),
  contract_start_date: z.string(),
  mpn_id: z.string(),
  full_name: z.string(),
  email: z.string(),
  phone: z.string(),
  fin_code: z.string(),
  country: z.object({ id: z.number().int(), name: z.string() }),
  region: z.string(),
  city: z.string(),
  address_line1: z.string(),
  address_line2: z.string(),
  postal_code: z.string(),
  position: z.string(),
  contact_number: z.string(),
  lang: z.enum(languages),
  reject_reason: z.string().nullable(),
  reviewed_by: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  reviewed_at: z.string().nullable(),
  /** the dealer account created on approval */
  user_id: z.number().int().nullable(),
  created_at: z.string(),
});
export type PartnerApplication = z.infer<typeof partnerApplicationSchema>;

export const partnerApplicationPageSchema = z.object({
  items: z.array(partnerApplicationSchema),
  total: z.number().int(),
  /** applications per status, whatever the filter (the filter's counts and the nav badge) */
  counts: z.object({
    pending: z.number().int(),
    approved: z.number().int(),
    rejected: z.number().int(),
  }),
});
export type PartnerApplicationPage = z.infer<typeof partnerApplicationPageSchema>;

/** The numeric(14, 2) column's largest value. */
export const CREDIT_LIMIT_MAX = '999999999999.99';

export const approvePartnerInputSchema = z.object({
  credit_limit: nonNegativeMoney
    .refine(
      (value) => !isMoney(value) || compareMoney(value, CREDIT_LIMIT_MAX) <= 0,
      'must be at most 999999999999.99',
    )
    .optional(),
  markup_group_id: idSchema.nullable().optional(),
  need_azn_cash: z.boolean().optional(),
  need_azn_credit: z.boolean().optional(),
  has_adobe_account: z.boolean().optional(),
});
export type ApprovePartnerInput = z.input<typeof approvePartnerInputSchema>;

export const REJECT_REASON_MAX = 1000;
export const rejectPartnerInputSchema = z.object({
  reason: z
    .string({ error: required('Reason') })
    .trim()
    .min(3, 'Reason must be at least 3 characters')
    .max(REJECT_REASON_MAX, `Reason must be at most ${REJECT_REASON_MAX} characters`),
});
export type RejectPartnerInput = z.infer<typeof rejectPartnerInputSchema>;

export const partnerReviewResultSchema = z.object({
  application: partnerApplicationSchema,
  /** false when the mail to the applicant could not be handed over (the change stands) */
  mail_sent: z.boolean(),
});
export type PartnerReviewResult = z.infer<typeof partnerReviewResultSchema>;
