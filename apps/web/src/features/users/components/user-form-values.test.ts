import type { ManagedUser } from '@esd/shared/users/users.schemas';
import { describe, expect, it } from 'vitest';
import { toUserFormValues, toUserInput, validateUserForm, visibleFields } from './user-form-values';

const dealerUser: ManagedUser = {
  id: 7,
  name: 'Leyla Huseynova',
  email: 'user@example.com',
  type_id: 4,
  lang: 'en',
  is_active: true,
  has_password: true,
  has_second_factor: false,
  country: { id: 1, name: 'Azerbaijan' },
  dealer: { id: 3, name: 'Caspian Soft LLC' },
  markup_group: null,
  user_group: { id: 1, name: 'Key accounts' },
  credit_limit: '0.00',
  need_azn_cash: true,
  need_azn_credit: false,
  has_adobe_account: false,
  countries: [],
  voen: null,
  address: null,
  credit: null,
  outstanding: { count: 0, amount_usd: '0.00', unpaid_credit_usd: '0.00' },
  created_at: '2026-11-22T05:00:00.000Z',
};

describe('[users] the user form', () => {
  it('shows a dealer only its users everyday fields', () => {
    expect(visibleFields('d', 4)).toEqual([
      'name',
      'email',
      'lang',
      'user_group_id',
      'need_azn_cash',
      'need_azn_credit',
    ]);
    expect(visibleFields('gd', 3)).toContain('credit_limit');
    // the buyer's details on invoices: admins set them on a dealer, nobody on an end user
    expect(visibleFields('ld', 3)).toEqual(expect.arrayContaining(['voen', 'address']));
    expect(visibleFields('gd', 4)).not.toContain('voen');
    expect(visibleFields('ld', 2)).toEqual([]);
  });

  it('invites with every field the role may set and the chosen type', () => {
    const values = {
      ...toUserFormValues(null, { typeId: 4, lang: 'ru' }),
      name: 'A',
      email: 'a@b.co',
    };
    expect(toUserInput(values, 'd', null)).toEqual({
      name: 'A',
      email: 'a@b.co',
      lang: 'ru',
      user_group_id: null,
      need_azn_cash: false,
      need_azn_credit: false,
      type_id: 4,
    });
  });

  it('edits by sending only what changed', () => {
    const original = toUserFormValues(dealerUser, { typeId: 4, lang: 'en' });
    expect(toUserInput(original, 'd', original)).toEqual({});
    expect(
      toUserInput({ ...original, user_group_id: null, name: 'Leyla H.' }, 'd', original),
    ).toEqual({ name: 'Leyla H.', user_group_id: null });
    expect(toUserInput({ ...original, dealer_id: '9' }, 'gd', original)).toEqual({ dealer_id: 9 });
  });

  it('says what is missing before it asks the server', () => {
    const dealer = {
      ...toUserFormValues(null, { typeId: 3, lang: 'en' }),
      name: 'X',
      email: 'x@y.co',
    };
    expect(validateUserForm(dealer, 'gd', null)).toHaveProperty('country_id');
    const user = { ...toUserFormValues(null, { typeId: 4, lang: 'en' }), name: 'X', email: 'bad' };
    const errors = validateUserForm(user, 'ld', null);
    expect(Object.keys(errors).sort()).toEqual(['dealer_id', 'email']);
    expect(validateUserForm({ ...dealer, credit_limit: '1.234' }, 'gd', null)).toHaveProperty(
      'credit_limit',
    );
  });

  it('sends a changed VÖEN and address, empty as none, and refuses a VÖEN not of 10 digits', () => {
    const dealer = toUserFormValues(
      { ...dealerUser, type_id: 3, dealer: null, user_group: null },
      { typeId: 3, lang: 'en' },
    );
    const edited = { ...dealer, voen: ' 1400000002 ', address: 'Nizami küçəsi 10, Bakı' };
    expect(toUserInput(edited, 'gd', dealer)).toEqual({
      voen: '1400000002',
      address: 'Nizami küçəsi 10, Bakı',
    });
    expect(toUserInput({ ...edited, voen: '', address: ' ' }, 'gd', edited)).toEqual({
      voen: null,
      address: null,
    });
    // (the words are the locale's; this test runs without them loaded)
    expect(Object.keys(validateUserForm({ ...dealer, voen: '12345' }, 'gd', dealer))).toEqual([
      'voen',
    ]);
    expect(validateUserForm(edited, 'gd', dealer)).toEqual({});
  });
});
