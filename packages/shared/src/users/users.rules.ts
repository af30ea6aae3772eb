import { type Role, roleFromTypeId, roleRank, type UserTypeId } from '../access/access.rules';

/** Every field of an account that user administration can set. */
export const accountFields = [
  'name',
  'email',
  'type_id',
  'lang',
  'country_id',
  'dealer_id',
  'markup_group_id',
  'user_group_id',
  'credit_limit',
  'need_azn_cash',
  'need_azn_credit',
  'has_adobe_account',
  'is_active',
  'countries',
  'voen',
  'address',
] as const;
export type AccountField = (typeof accountFields)[number];

/**
 * What an account of each type carries. A user inherits its dealer's country; credit,
 * markup group and Adobe belong to dealers; only local district admins have countries.
 */
const fieldsOfType: Record<UserTypeId, readonly AccountField[]> = {
  1: ['name', 'email', 'type_id', 'lang', 'country_id', 'is_active'],
  2: ['name', 'email', 'type_id', 'lang', 'country_id', 'countries', 'is_active'],
  3: [
    'name',
    'email',
    'type_id',
    'lang',
    'country_id',
    'markup_group_id',
    'credit_limit',
    'need_azn_cash',
    'need_azn_credit',
    'has_adobe_account',
    'is_active',
    // the buyer's details on invoices: set by admins, not by the dealer itself
    'voen',
    'address',
  ],
  4: [
    'name',
    'email',
    'type_id',
    'lang',
    'dealer_id',
    'user_group_id',
    'need_azn_cash',
    'need_azn_credit',
    'is_active',
  ],
};

/** A dealer looks after its own users' everyday settings, never money, type or parent. */
const dealerMaySet: readonly AccountField[] = [
  'name',
  'email',
  'lang',
  'user_group_id',
  'need_azn_cash',
  'need_azn_credit',
  'is_active',
];

/** The account types a role may create, or change an account to. */
export const creatableTypeIds = (role: Role): UserTypeId[] => {
  switch (role) {
    case 'gd':
      return [1, 2, 3, 4];
    case 'ld':
      return [3, 4];
    case 'd':
      return [4];
    case 'u':
      return [];
  }
};

/** Never above one's own role (roleRank), and only the types listed above. */
export const canAssignType = (role: Role, typeId: number): boolean => {
  const target = roleFromTypeId(typeId);
  return (
    target !== undefined &&
    roleRank[target] <= roleRank[role] &&
    (creatableTypeIds(role) as number[]).includes(typeId)
  );
};

/** The fields an account of this type has at all. */
export const fieldsForType = (typeId: UserTypeId): readonly AccountField[] => fieldsOfType[typeId];

/** The fields `role` may set on an account of type `typeId` it manages. */
export const editableFields = (role: Role, typeId: UserTypeId): AccountField[] => {
  if (!canAssignType(role, typeId)) return [];
  const own = fieldsOfType[typeId];
  if (role === 'd') return own.filter((field) => dealerMaySet.includes(field));
  return [...own];
};

/** Fields given that the role may not set on that type: the request is refused. */
export const forbiddenFields = (
  role: Role,
  typeId: UserTypeId,
  given: readonly AccountField[],
): AccountField[] => {
  const allowed = editableFields(role, typeId);
  return given.filter((field) => !allowed.includes(field));
};

/** Why a save was refused, carried in `data.reason` so the form can say it in any language. */
export const accountRefusals = [
  'type_not_allowed',
  'field_not_allowed',
  'not_applicable',
  'self_role',
  'self_deactivate',
  'self_reset',
  'dealer_required',
  'dealer_invalid',
  'country_required',
  'country_invalid',
  'countries_required',
  'countries_invalid',
  'markup_group_invalid',
  'user_group_invalid',
  'dealer_has_users',
  'email_taken',
  'account_inactive',
] as const;
export type AccountRefusal = (typeof accountRefusals)[number];
