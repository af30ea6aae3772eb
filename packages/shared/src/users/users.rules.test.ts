import { describe, expect, it } from 'vitest';
import { roleFromTypeId, roleRank, roles, userTypeIds } from '../access/access.rules';
import {
  type AccountField,
  accountFields,
  canAssignType,
  creatableTypeIds,
  editableFields,
  fieldsForType,
  forbiddenFields,
} from './users.rules';
import { createUserInputSchema, updateUserInputSchema } from './users.schemas';

describe('[users] who may create and edit which accounts', () => {
  it('never lets a role create or raise an account above its own rank', () => {
    for (const role of roles) {
      for (const typeId of userTypeIds) {
        const target = roleFromTypeId(typeId)!;
        if (roleRank[target] > roleRank[role]) expect(canAssignType(role, typeId)).toBe(false);
      }
    }
  });

  it('gd creates every type, ld dealers and users, a dealer users, a user nothing', () => {
    expect(creatableTypeIds('gd')).toEqual([1, 2, 3, 4]);
    expect(creatableTypeIds('ld')).toEqual([3, 4]);
    expect(creatableTypeIds('d')).toEqual([4]);
    expect(creatableTypeIds('u')).toEqual([]);
    expect(canAssignType('ld', 2)).toBe(false);
    expect(canAssignType('gd', 5)).toBe(false);
  });

  it('a dealer sets its users everyday settings but not money, parent or type', () => {
    const fields = editableFields('d', 4);
    expect(fields).toEqual(
      expect.arrayContaining(['name', 'email', 'lang', 'user_group_id', 'need_azn_cash']),
    );
    for (const field of ['credit_limit', 'markup_group_id', 'dealer_id', 'type_id', 'country_id'])
      expect(fields).not.toContain(field);
    expect(editableFields('d', 3)).toEqual([]);
    expect(forbiddenFields('d', 4, ['name', 'dealer_id', 'type_id'])).toEqual([
      'dealer_id',
      'type_id',
    ]);
  });

  it('lets each role assign exactly the types at or below its own, and no unknown type', () => {
    const assignable = (role: (typeof roles)[number]) =>
      [0, 1, 2, 3, 4, 5].filter((typeId) => canAssignType(role, typeId));
    expect(assignable('gd')).toEqual([1, 2, 3, 4]);
    expect(assignable('ld')).toEqual([3, 4]);
    expect(assignable('d')).toEqual([4]);
    expect(assignable('u')).toEqual([]);
  });

  it('gives each account type exactly the fields the specification lists', () => {
    const typesCarrying: Record<AccountField, number[]> = {
      name: [1, 2, 3, 4],
      email: [1, 2, 3, 4],
      type_id: [1, 2, 3, 4],
      lang: [1, 2, 3, 4],
      country_id: [1, 2, 3],
      dealer_id: [4],
      markup_group_id: [3],
      user_group_id: [4],
      credit_limit: [3],
      need_azn_cash: [3, 4],
      need_azn_credit: [3, 4],
      has_adobe_account: [3],
      is_active: [1, 2, 3, 4],
      countries: [2],
      // the buyer's details on a dealer's invoices (issue 33)
      voen: [3],
      address: [3],
    };
    for (const field of accountFields) {
      expect(
        userTypeIds.filter((typeId) => fieldsForType(typeId).includes(field)),
        field,
      ).toEqual(typesCarrying[field]);
    }
    for (const typeId of userTypeIds) {
      const fields = fieldsForType(typeId);
      expect(new Set(fields).size).toBe(fields.length);
      for (const field of fields) expect(accountFields).toContain(field);
    }
  });

  it('lets admins set every field of the types they assign, a dealer seven, a user none', () => {
    for (const typeId of userTypeIds) {
      expect(editableFields('gd', typeId)).toEqual(fieldsForType(typeId));
      expect(editableFields('u', typeId)).toEqual([]);
    }
    expect(editableFields('ld', 3)).toEqual(fieldsForType(3));
    expect(editableFields('ld', 4)).toEqual(fieldsForType(4));
    expect(editableFields('ld', 1)).toEqual([]);
    expect(editableFields('d', 4)).toEqual([
      'name',
      'email',
      'lang',
      'user_group_id',
      'need_azn_cash',
      'need_azn_credit',
      'is_active',
    ]);
    expect(forbiddenFields('gd', 3, ['credit_limit', 'countries'])).toEqual(['countries']);
  });

  it('gives money and Adobe to dealers only, countries to local admins only', () => {
    expect(fieldsForType(3)).toContain('credit_limit');
    expect(fieldsForType(4)).not.toContain('credit_limit');
    expect(fieldsForType(4)).not.toContain('country_id');
    expect(fieldsForType(2)).toContain('countries');
    expect(fieldsForType(1)).not.toContain('countries');
    expect(editableFields('ld', 3)).toContain('credit_limit');
    expect(editableFields('ld', 2)).toEqual([]);
  });

  it('lower-cases e-mail and keeps money exact in the shared schemas', () => {
    const parsed = createUserInputSchema.parse({
      name: ' Anar ',
      email: ' Anar@Example.COM ',
      type_id: 3,
      credit_limit: '1500.5',
    });
    expect(parsed).toMatchObject({
      name: 'Anar',
      email: 'anar@example.com',
      credit_limit: '1500.5',
    });
    expect(
      createUserInputSchema.safeParse({ name: 'A', email: 'a@b.co', type_id: 5 }).success,
    ).toBe(false);
    expect(
      createUserInputSchema.safeParse({
        name: 'A',
        email: 'a@b.co',
        type_id: 3,
        credit_limit: '1.005',
      }).success,
    ).toBe(false);
    expect(
      createUserInputSchema.safeParse({
        name: 'A',
        email: 'a@b.co',
        type_id: 3,
        credit_limit: '1000000000000.00',
      }).success,
    ).toBe(false);
    expect(updateUserInputSchema.safeParse({}).success).toBe(false);
    expect(updateUserInputSchema.parse({ is_active: false })).toEqual({ is_active: false });
  });
});
