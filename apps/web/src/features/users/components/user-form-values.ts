import type { Role, UserTypeId } from '@esd/shared/access/access.rules';
import { isLanguage, type Language } from '@esd/shared/constants';
import {
  type AccountField,
  type AccountRefusal,
  editableFields,
} from '@esd/shared/users/users.rules';
import {
  createUserInputSchema,
  DEALER_ADDRESS_MAX,
  type ManagedUser,
  updateUserInputSchema,
} from '@esd/shared/users/users.schemas';
// relative imports: the web unit tests run without the @ alias
import { i18n } from '../../../lib/i18n/i18n';
import { schemaErrors } from '../../../lib/schema-errors';

/** The form's state: select values are strings, money a decimal string. */
export type UserFormValues = {
  name: string;
  email: string;
  type_id: string;
  lang: Language;
  country_id: string | null;
  countries: string[];
  dealer_id: string | null;
  markup_group_id: string | null;
  user_group_id: string | null;
  credit_limit: string;
  need_azn_cash: boolean;
  need_azn_credit: boolean;
  has_adobe_account: boolean;
  /** a dealer's VÖEN and address for its invoices; empty: none */
  voen: string;
  address: string;
};

type FormField = Exclude<AccountField, 'is_active'>;

const asId = (value: string | null) => (value ? Number(value) : null);
const asValue = (id: number | null | undefined) => (id ? String(id) : null);

export const toUserFormValues = (
  user: ManagedUser | null,
  defaults: { typeId: UserTypeId; lang: string },
): UserFormValues => ({
  name: user?.name ?? '',
  email: user?.email ?? '',
  type_id: String(user?.type_id ?? defaults.typeId),
  lang: user?.lang ?? (isLanguage(defaults.lang) ? defaults.lang : 'en'),
  country_id: asValue(user?.country?.id),
  countries: (user?.countries ?? []).map((c) => String(c.id)),
  dealer_id: asValue(user?.dealer?.id),
  markup_group_id: asValue(user?.markup_group?.id),
  user_group_id: asValue(user?.user_group?.id),
  credit_limit: user?.credit_limit ?? '0.00',
  need_azn_cash: user?.need_azn_cash ?? false,
  need_azn_credit: user?.need_azn_credit ?? false,
  has_adobe_account: user?.has_adobe_account ?? false,
  voen: user?.voen ?? '',
  address: user?.address ?? '',
});

/** Each field as the API takes it. */
const fieldValues = (values: UserFormValues): Record<FormField, unknown> => ({
  name: values.name,
  email: values.email,
  type_id: Number(values.type_id),
  lang: values.lang,
  country_id: asId(values.country_id),
  countries: values.countries.map(Number),
  dealer_id: asId(values.dealer_id),
  markup_group_id: asId(values.markup_group_id),
  user_group_id: asId(values.user_group_id),
  credit_limit: values.credit_limit,
  need_azn_cash: values.need_azn_cash,
  need_azn_credit: values.need_azn_credit,
  has_adobe_account: values.has_adobe_account,
  voen: values.voen.trim() || null,
  address: values.address.trim() || null,
});

/** The fields of the form this role sees for an account of this type. */
export const visibleFields = (role: Role, typeId: UserTypeId): FormField[] =>
  editableFields(role, typeId).filter((field): field is FormField => field !== 'is_active');

/**
 * What the form sends: for a new account every field the role may set; for an edit only
 * the fields that changed (PATCH), so a save never touches what the role may not set.
 */
export const toUserInput = (
  values: UserFormValues,
  role: Role,
  original: UserFormValues | null,
): Record<string, unknown> => {
  const typeId = Number(values.type_id) as UserTypeId;
  const all = fieldValues(values);
  const before = original ? fieldValues(original) : null;
  const input: Record<string, unknown> = {};
  for (const field of visibleFields(role, typeId)) {
    if (field === 'type_id' && !original) continue;
    if (before && JSON.stringify(before[field]) === JSON.stringify(all[field])) continue;
    input[field] = all[field];
  }
  if (!original) input.type_id = typeId;
  return input;
};

/** Client-side checks with the shared schema, plus the rules that tie fields together. */
export const validateUserForm = (
  values: UserFormValues,
  role: Role,
  original: UserFormValues | null,
): Record<string, string> => {
  const input = toUserInput(values, role, original);
  const messages = {
    email: i18n.t('validation.email'),
    credit_limit: i18n.t('validation.money'),
    voen: i18n.t('users.form.voenInvalid'),
    address: i18n.t('users.form.addressTooLong', { max: DEALER_ADDRESS_MAX }),
  };
  const schema = original ? updateUserInputSchema : createUserInputSchema;
  const errors =
    Object.keys(input).length > 0
      ? schemaErrors(schema, input, messages)
      : ({} as Record<string, string>);
  const fields = visibleFields(role, Number(values.type_id) as UserTypeId);
  const refusal = (key: AccountRefusal) => i18n.t(`users.refusals.${key}`);
  if (fields.includes('dealer_id') && !values.dealer_id)
    errors.dealer_id ??= refusal('dealer_required');
  if (fields.includes('country_id') && values.type_id === '3' && !values.country_id)
    errors.country_id ??= refusal('country_required');
  if (fields.includes('countries') && values.countries.length === 0)
    errors.countries ??= refusal('countries_required');
  return errors;
};
