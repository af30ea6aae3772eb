import type { z } from 'zod';
import { i18n } from './i18n/i18n';

/**
 * Field-specific messages for the issues a generic text cannot explain (a format, a refine),
 * keyed by field path with list indexes as `*`: `{ code: '…', 'categories.*.percent': '…' }`.
 */
export type SchemaMessages = Partial<Record<string, string>>;

type Issue = z.core.$ZodIssue;

const fieldPattern = (path: readonly PropertyKey[]) =>
  path.map((part) => (typeof part === 'number' ? '*' : String(part))).join('.');

const isBlank = (value: unknown) =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/** One zod issue in the interface language. */
export const translateIssue = (issue: Issue, messages: SchemaMessages = {}): string => {
  const specific = messages[fieldPattern(issue.path)];
  switch (issue.code) {
    case 'too_small': {
      const min = Number(issue.minimum);
      if (issue.origin === 'string')
        return min <= 1 ? i18n.t('validation.required') : i18n.t('validation.tooShort', { min });
      if (issue.origin === 'number') return i18n.t('validation.numberMin', { min });
      return specific ?? i18n.t('validation.invalid');
    }
    case 'too_big': {
      const max = Number(issue.maximum);
      if (issue.origin === 'string') return i18n.t('validation.tooLong', { max });
      if (issue.origin === 'number') return i18n.t('validation.numberMax', { max });
      return specific ?? i18n.t('validation.invalid');
    }
    case 'invalid_type':
      if (isBlank(issue.input)) return specific ?? i18n.t('validation.required');
      if (issue.expected === 'int') return i18n.t('validation.integer');
      return specific ?? i18n.t('validation.invalid');
    case 'invalid_union':
    case 'invalid_value':
      return isBlank(issue.input)
        ? i18n.t('validation.required')
        : (specific ?? i18n.t('validation.invalid'));
    default:
      return specific ?? i18n.t('validation.invalid');
  }
};

/**
 * Validates with the shared zod schema the server uses and returns Mantine form errors keyed
 * by field path (`name.en`, `categories.0.percent`), one translated message per field.
 */
export const schemaErrors = (
  schema: z.ZodType,
  input: unknown,
  messages: SchemaMessages = {},
): Record<string, string> => {
  const result = schema.safeParse(input, { reportInput: true });
  if (result.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.map(String).join('.');
    errors[key] ??= translateIssue(issue, messages);
  }
  return errors;
};
