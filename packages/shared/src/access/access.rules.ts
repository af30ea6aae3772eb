/** Roles and access rules of spec section 6, defined once for the server and the web app. */

export const roles = ['gd', 'ld', 'd', 'u'] as const;
export type Role = (typeof roles)[number];

export const userTypeIds = [1, 2, 3, 4] as const;
export type UserTypeId = (typeof userTypeIds)[number];

const roleByTypeId: Record<UserTypeId, Role> = { 1: 'gd', 2: 'ld', 3: 'd', 4: 'u' };
const typeIdByRole: Record<Role, UserTypeId> = { gd: 1, ld: 2, d: 3, u: 4 };

export const DEFAULT_ROLE: Role = 'gd';

export const roleFromTypeId = (typeId: number): Role | undefined =>
  roleByTypeId[typeId as UserTypeId];

export const typeIdFromRole = (role: Role): UserTypeId => typeIdByRole[role];

export const isRole = (value: unknown): value is Role =>
  typeof value === 'string' && (roles as readonly string[]).includes(value);

export const accessRules = {
  globalDistrict: ['gd'],
  localDistrict: ['ld'],
  dealer: ['d'],
  user: ['u'],
  globalOrLocal: ['gd', 'ld'],
  allWithoutUser: ['gd', 'ld', 'd'],
  dealerOrUser: ['d', 'u'],
  public: ['gd', 'ld', 'd', 'u'],
} as const satisfies Record<string, readonly Role[]>;

export type AccessRule = keyof typeof accessRules;

export const canAccess = (rule: AccessRule, role: Role | undefined): boolean =>
  role !== undefined && (accessRules[rule] as readonly Role[]).includes(role);

/** Spec 1 and 6: only user types 3 and 4 see quantity and basket controls. */
export const canShop = (typeId: number): boolean => typeId === 3 || typeId === 4;

/** Spec 1: type 3 with an Adobe account buys Adobe products (provider 3). */
export const canBuyAdobe = (user: { type_id: number; has_adobe_account: boolean }): boolean =>
  user.type_id === 3 && user.has_adobe_account;

/**
 * Who the Adobe sales page (/pages/statistic/adobe, spec 2: all except user) is of use to: the
 * district admins, who follow every dealer's Adobe sales they oversee, and a dealer that buys
 * Adobe (type 3 with an Adobe account, spec 1). A dealer without an Adobe account has no Adobe
 * sales to see: its menu has no such entry and the server refuses the page's data.
 */
export const canSeeAdobeSales = (user: { type_id: number; has_adobe_account: boolean }): boolean =>
  user.type_id === 1 || user.type_id === 2 || canBuyAdobe(user);

/** A role may only create or raise accounts to a role at or below its own rank. */
export const roleRank: Record<Role, number> = { gd: 4, ld: 3, d: 2, u: 1 };
