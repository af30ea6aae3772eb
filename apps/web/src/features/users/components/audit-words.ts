import {
  formatAzn,
  formatDate,
  formatDecimalString,
  formatPercent,
  formatUsd,
} from '@esd/shared/format/format';
import {
  AUDIT_FIELD_NAMES,
  AUDIT_RECORD_NAMES,
  type AuditNameKind,
  auditNameKey,
} from '@esd/shared/users/users.audit-codes';
import type { TFunction } from 'i18next';

/** What turns codes into words: the translations, the reader's language, the entry's names. */
export type AuditWords = { t: TFunction; lang: string; names: Record<string, string> };

/** One changed field of an entry, in words. */
export type AuditChange = {
  field: string;
  label: string;
  before: string | null;
  after: string | null;
};

/** A code nobody has words for yet, readable anyway: `vat_percent` → "Vat percent". */
export const humanizeCode = (code: string) => {
  const words = code.replace(/[._-]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

const say = (t: TFunction, key: string, code: string) =>
  t(key as 'users.audit.caption', { defaultValue: humanizeCode(code) });

export const auditActionKey = (action: string) => `users.audit.actions.${action}`;
export const auditRecordKey = (type: string) => `users.audit.records.${type}`;
export const auditFieldKey = (field: string) => `users.audit.fields.${field}`;
export const auditValueKey = (field: string, value: string) =>
  `users.audit.values.${field}.${value}`;

/** `user.update` → "Account changed". */
export const auditActionLabel = (t: TFunction, action: string) =>
  say(t, auditActionKey(action), action);

/** `pricing_settings` → "Pricing settings". */
export const auditRecordLabel = (t: TFunction, type: string) => say(t, auditRecordKey(type), type);

/** `vat_percent` → "VAT". */
export const auditFieldLabel = (t: TFunction, field: string) => say(t, auditFieldKey(field), field);

/** The record of an entry: its type and its name (or number when it has none). */
export const auditRecord = (
  words: AuditWords,
  entry: { entity_type: string; entity_id: number | null },
) => {
  const type = auditRecordLabel(words.t, entry.entity_type);
  if (entry.entity_id === null) return { type, name: null };
  const kind = AUDIT_RECORD_NAMES[entry.entity_type as keyof typeof AUDIT_RECORD_NAMES];
  const name = kind ? words.names[auditNameKey(kind, entry.entity_id)] : undefined;
  return { type, name: name ? `${name} (#${entry.entity_id})` : `#${entry.entity_id}` };
};

const USD_FIELDS = new Set([
  'credit_limit',
  'amount_usd',
  'dealer_price',
  'unit_price',
  'royalty',
  'bonus',
]);
const PERCENT_FIELDS = new Set([
  'percent',
  'markup_percent',
  'vat_percent',
  'credit_surcharge_percent',
]);
/** Fields whose values are codes with words of their own. */
const CODE_FIELDS = new Set(['status', 'source', 'mode', 'queue']);

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isDecimal = (value: unknown): value is string =>
  typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value);

const nameOf = (words: AuditWords, kind: AuditNameKind, id: unknown) =>
  typeof id === 'number' ? (words.names[auditNameKey(kind, id)] ?? `#${id}`) : null;

/**
 * One value in words. `siblings` are the other fields of its object: a dealer's own price is
 * money or a percentage by its mode.
 */
const auditValue = (
  words: AuditWords,
  field: string,
  value: unknown,
  siblings: Record<string, unknown> = {},
): string => {
  const { t, lang } = words;
  const none = t('users.audit.none');
  if (value === null || value === undefined || value === '') return none;
  if (typeof value === 'boolean') return t(value ? 'users.audit.yes' : 'users.audit.no');
  const kind = AUDIT_FIELD_NAMES[field as keyof typeof AUDIT_FIELD_NAMES];
  if (Array.isArray(value)) {
    if (value.length === 0) return none;
    return value
      .map((item) =>
        kind ? (nameOf(words, kind, item) ?? String(item)) : auditValue(words, field, item),
      )
      .join(isRecord(value[0]) ? '; ' : ', ');
  }
  if (isRecord(value))
    return Object.entries(value)
      .map(([key, inner]) => `${auditFieldLabel(t, key)}: ${auditValue(words, key, inner, value)}`)
      .join(', ');
  if (kind) return nameOf(words, kind, value) ?? String(value);
  const text = String(value);
  if (field === 'type_id') return say(t, `users.types.${text}`, text);
  if (field === 'lang') return say(t, `users.languages.${text}`, text);
  if (CODE_FIELDS.has(field)) return say(t, auditValueKey(field, text), text);
  if (isDecimal(value)) {
    const isPercent =
      PERCENT_FIELDS.has(field) || (field === 'value' && siblings.mode === 'markup');
    if (isPercent) return `${formatPercent(value, lang)}%`;
    if (USD_FIELDS.has(field) || (field === 'value' && siblings.mode === 'price'))
      return formatUsd(value, lang);
    if (field === 'amount_azn') return formatAzn(value, lang);
    if (field === 'rate')
      return t('users.audit.rateValue', { rate: formatDecimalString(value, lang, 4) });
  }
  if (field === 'date' && /^\d{4}-\d{2}-\d{2}$/.test(text)) return formatDate(text, lang);
  return text;
};

/**
 * The fields an entry touched, in words, before and after. A created record has only `after`,
 * a deleted one only `before`; a value that is not an object is shown whole under "value".
 */
export const auditChanges = (
  words: AuditWords,
  entry: { before: unknown; after: unknown },
): AuditChange[] => {
  const { before, after } = entry;
  if (!isRecord(before) && !isRecord(after)) {
    if (before == null && after == null) return [];
    return [
      {
        field: 'value',
        label: auditFieldLabel(words.t, 'value'),
        before: before == null ? null : auditValue(words, 'value', before),
        after: after == null ? null : auditValue(words, 'value', after),
      },
    ];
  }
  const was = isRecord(before) ? before : {};
  const is = isRecord(after) ? after : {};
  const fields = [...new Set([...Object.keys(was), ...Object.keys(is)])];
  return fields.map((field) => ({
    field,
    label: auditFieldLabel(words.t, field),
    before: field in was ? auditValue(words, field, was[field], was) : null,
    after: field in is ? auditValue(words, field, is[field], is) : null,
  }));
};
