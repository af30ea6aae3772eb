// relative imports: the web unit tests run without the @ alias
import {
  type PartnerRule,
  partnerApplicationInputSchema,
  partnerRuleMessages,
} from '@esd/shared/partners/partners.schemas';
import { i18n } from '../../../lib/i18n/i18n';
import { translateIssue } from '../../../lib/schema-errors';

const ruleByMessage = new Map<string, PartnerRule>(
  Object.entries(partnerRuleMessages).map(([rule, message]) => [message, rule as PartnerRule]),
);

/** A format rule's own text, else the generic one for the issue (required, too long, …). */
const messageFor = (issue: Parameters<typeof translateIssue>[0]) => {
  const rule = ruleByMessage.get(issue.message);
  return rule ? i18n.t(`partners.apply.rules.${rule}`) : translateIssue(issue);
};

/**
 * Validates the form with the schema the server uses; one message per field in the interface
 * language, keyed by the form's field names.
 */
export const partnerFormErrors = (input: unknown): Record<string, string> => {
  const result = partnerApplicationInputSchema.safeParse(input, { reportInput: true });
  if (result.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? '');
    errors[field] ??= messageFor(issue);
  }
  return errors;
};

/** The field and translated text of a server refusal (`body/voen` + its English message). */
export const serverIssueError = (issue: { path?: string; message?: string }) => {
  const field = issue.path?.replace(/^body\/?/, '').split('/')[0];
  if (!field) return undefined;
  const rule = issue.message ? ruleByMessage.get(issue.message) : undefined;
  return {
    field,
    message: rule ? i18n.t(`partners.apply.rules.${rule}`) : i18n.t('validation.invalid'),
  };
};
