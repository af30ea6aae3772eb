import { WON_PRIZE_STATUSES } from '@esd/shared/events/events.rules';
import { jobQueueNames } from '@esd/shared/jobs/jobs.schemas';
import { partnerApplicationStatuses } from '@esd/shared/partners/partners.schemas';
import {
  AUDIT_ACTIONS,
  AUDIT_FIELDS,
  AUDIT_RECORD_TYPES,
} from '@esd/shared/users/users.audit-codes';
import { createInstance, type TFunction } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import az from '../locales/az.json';
import en from '../locales/en.json';
import ru from '../locales/ru.json';
import {
  type AuditWords,
  auditActionKey,
  auditActionLabel,
  auditChanges,
  auditFieldKey,
  auditFieldLabel,
  auditRecord,
  auditRecordKey,
  auditRecordLabel,
  auditValueKey,
  humanizeCode,
} from './audit-words';

const i18n = createInstance();
const languages = ['en', 'ru', 'az'] as const;
const names = { 'country:1': 'Azerbaijan', 'country:2': 'Georgia', 'markup_group:4': 'Gold' };
let t: TFunction;
const words = (lang = 'en'): AuditWords => ({ t: i18n.getFixedT(lang), lang, names });

describe('[users][audit] codes in words', () => {
  beforeAll(async () => {
    await i18n.init({
      lng: 'en',
      resources: Object.fromEntries(
        [
          ['en', en],
          ['ru', ru],
          ['az', az],
        ].map(([lang, users]) => [lang, { translation: { users } }]),
      ),
      interpolation: { escapeValue: false },
      showSupportNotice: false,
    });
    t = i18n.getFixedT('en');
  });

  it.each(languages)(
    'has words in %s for every action, record type and field the server writes',
    (lang) => {
      const missing = [
        ...AUDIT_ACTIONS.map(auditActionKey),
        ...AUDIT_RECORD_TYPES.map(auditRecordKey),
        ...AUDIT_FIELDS.map(auditFieldKey),
        ...WON_PRIZE_STATUSES.map((status) => auditValueKey('status', status)),
        ...partnerApplicationStatuses.map((status) => auditValueKey('status', status)),
        ...jobQueueNames.map((queue) => auditValueKey('queue', queue)),
        ...['manual', 'cbar'].map((source) => auditValueKey('source', source)),
        ...['price', 'markup'].map((mode) => auditValueKey('mode', mode)),
      ].filter((key) => typeof i18n.getResource(lang, 'translation', key) !== 'string');
      expect(missing).toEqual([]);
    },
  );

  it('names actions, records and fields', () => {
    expect(auditActionLabel(t, 'pricing.update')).toBe('Pricing settings changed');
    expect(auditRecordLabel(t, 'pricing_settings')).toBe('Pricing settings');
    expect(auditFieldLabel(t, 'vat_percent')).toBe('VAT');
    expect(auditActionLabel(i18n.getFixedT('ru'), 'user.update')).toBe('Учётная запись изменена');
    expect(auditFieldLabel(i18n.getFixedT('az'), 'markup_group_id')).toBe('Əlavə qiymət qrupu');
  });

  it('humanises a code nobody has words for yet', () => {
    expect(humanizeCode('vat_percent')).toBe('Vat percent');
    expect(auditActionLabel(t, 'coupon.mass_delete')).toBe('Coupon mass delete');
    expect(auditRecordLabel(t, 'coupon')).toBe('Coupon');
    expect(auditFieldLabel(t, 'discount_code')).toBe('Discount code');
    expect(auditChanges(words(), { before: null, after: { new_field: { a_b: [1, 2] } } })).toEqual([
      { field: 'new_field', label: 'New field', before: null, after: 'A b: 1, 2' },
    ]);
  });

  it('turns ids into names, booleans into yes/no and joins lists', () => {
    expect(
      auditChanges(words(), {
        before: { type_id: 4, markup_group_id: null, countries: [], is_active: true },
        after: { type_id: 3, markup_group_id: 4, countries: [1, 2], is_active: false },
      }),
    ).toEqual([
      { field: 'type_id', label: 'Role', before: 'User', after: 'Dealer' },
      { field: 'markup_group_id', label: 'Markup group', before: '—', after: 'Gold' },
      { field: 'countries', label: 'Countries managed', before: '—', after: 'Azerbaijan, Georgia' },
      { field: 'is_active', label: 'Active', before: 'Yes', after: 'No' },
    ]);
    // a record deleted since has no name: its number is shown
    expect(auditChanges(words(), { before: null, after: { country_id: 9 } })[0]?.after).toBe('#9');
    expect(auditChanges(words('ru'), { before: null, after: { need_azn_cash: true } })).toEqual([
      { field: 'need_azn_cash', label: 'Оплата наличными в AZN', before: null, after: 'Да' },
    ]);
  });

  it('shows money with its currency, percentages, rates, dates and statuses', () => {
    const after = {
      credit_limit: '2500.00',
      vat_percent: '18.00',
      rate: '1.7',
      date: '2024-03-05',
      status: 'shipped',
      lang: 'az',
      source: 'cbar',
    };
    expect(
      Object.fromEntries(
        auditChanges(words(), { before: null, after }).map((c) => [c.field, c.after]),
      ),
    ).toEqual({
      credit_limit: '$2,500.00',
      vat_percent: '18%',
      rate: '1 USD = 1.7000 AZN',
      date: '5 Mar 2024',
      status: 'Shipped',
      lang: 'Azərbaycanca',
      source: 'Central Bank of Azerbaijan',
    });
    const price = (mode: string) =>
      auditChanges(words(), { before: null, after: { product_id: 1, mode, value: '12.50' } })[2]
        ?.after;
    expect(price('price')).toBe('$12.50');
    expect(price('markup')).toBe('12.5%');
  });

  it('lists nested items field by field', () => {
    const change = auditChanges(words(), {
      before: null,
      after: {
        winners: [{ rank: 1, dealer_id: 7 }],
        categories: [{ category_id: 3, percent: '5.00' }],
      },
    });
    expect(change.map((c) => c.after)).toEqual([
      'Place: 1, Dealer: #7',
      'Category: #3, Markup: 5%',
    ]);
  });

  it('keeps a value that is not an object whole, and nothing when there is nothing', () => {
    expect(auditChanges(words(), { before: null, after: null })).toEqual([]);
    expect(auditChanges(words(), { before: null, after: 'x' })).toEqual([
      { field: 'value', label: 'Value', before: null, after: 'x' },
    ]);
  });

  it('names the record of an entry, or gives its number', () => {
    const group = { entity_type: 'markup_group', entity_id: 4 };
    expect(auditRecord(words(), group)).toEqual({ type: 'Markup group', name: 'Gold (#4)' });
    expect(auditRecord(words(), { entity_type: 'target', entity_id: 8 })).toEqual({
      type: 'Sales target',
      name: '#8',
    });
    expect(auditRecord(words('ru'), { entity_type: 'pricing_settings', entity_id: null })).toEqual({
      type: 'Настройки цен',
      name: null,
    });
  });
});
