import { describe, expect, it } from 'vitest';
import {
  type AccessRule,
  accessRules,
  canAccess,
  canBuyAdobe,
  canSeeAdobeSales,
  canShop,
  DEFAULT_ROLE,
  isRole,
  roleFromTypeId,
  roles,
  typeIdFromRole,
} from './access.rules';

describe('[access] spec 6 rules', () => {
  it('maps type ids 1..4 to gd, ld, d, u and nothing else', () => {
    expect([1, 2, 3, 4].map(roleFromTypeId)).toEqual(['gd', 'ld', 'd', 'u']);
    expect(roleFromTypeId(0)).toBeUndefined();
    expect(roleFromTypeId(5)).toBeUndefined();
  });

  it('maps gd, ld, d, u back to type ids 1..4', () => {
    expect(roles.map(typeIdFromRole)).toEqual([1, 2, 3, 4]);
    for (const role of roles) expect(roleFromTypeId(typeIdFromRole(role))).toBe(role);
  });

  it('recognises the four role names only, and falls back to gd', () => {
    for (const role of roles) expect(isRole(role)).toBe(true);
    for (const value of ['', 'x', 'GD', ' gd', 'gdx', 1, null, undefined, ['gd'], { gd: 1 }])
      expect(isRole(value), String(value)).toBe(false);
    expect(DEFAULT_ROLE).toBe('gd');
  });

  it('grants each rule exactly to the roles the specification lists', () => {
    const expected: Record<AccessRule, string[]> = {
      globalDistrict: ['gd'],
      localDistrict: ['ld'],
      dealer: ['d'],
      user: ['u'],
      globalOrLocal: ['gd', 'ld'],
      allWithoutUser: ['gd', 'ld', 'd'],
      dealerOrUser: ['d', 'u'],
      public: ['gd', 'ld', 'd', 'u'],
    };
    for (const rule of Object.keys(accessRules) as AccessRule[]) {
      expect(
        roles.filter((role) => canAccess(rule, role)),
        rule,
      ).toEqual(expected[rule]);
      expect(canAccess(rule, undefined)).toBe(false);
    }
  });

  it('shows shop controls to types 3 and 4 and the Adobe flow to type 3 with an account', () => {
    expect([1, 2, 3, 4].map(canShop)).toEqual([false, false, true, true]);
    expect(canBuyAdobe({ type_id: 3, has_adobe_account: true })).toBe(true);
    expect(canBuyAdobe({ type_id: 3, has_adobe_account: false })).toBe(false);
    expect(canBuyAdobe({ type_id: 4, has_adobe_account: true })).toBe(false);
  });

  it('shows Adobe sales to both district admins and to a dealer with an Adobe account', () => {
    const withAccount = [1, 2, 3, 4].map((type_id) =>
      canSeeAdobeSales({ type_id, has_adobe_account: true }),
    );
    const without = [1, 2, 3, 4].map((type_id) =>
      canSeeAdobeSales({ type_id, has_adobe_account: false }),
    );
    expect(withAccount).toEqual([true, true, true, false]);
    expect(without).toEqual([true, true, false, false]);
  });
});
