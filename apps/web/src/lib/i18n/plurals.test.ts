import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createInstance } from 'i18next';
import { describe, expect, it } from 'vitest';

const featuresDir = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'features');
const read = (feature: string, lang: string) =>
  JSON.parse(readFileSync(join(featuresDir, feature, 'locales', `${lang}.json`), 'utf8'));

/** i18next as the app runs it, with one feature's namespace under its name. */
const translator = async (feature: string, lang: string) => {
  const i18n = createInstance();
  await i18n.init({
    lng: lang,
    resources: { [lang]: { translation: { [feature]: read(feature, lang) } } },
    interpolation: { escapeValue: false },
  });
  return i18n.t;
};

describe('plural captions', () => {
  it('says "1 row" and "2 rows" in English', async () => {
    const t = await translator('statistics', 'en');
    const args = { what: 'By country', first: 'Azerbaijan', amount: '$1.00', share: '100 %' };
    expect(t('statistics.sales.distribution.summary', { ...args, count: 1, entries: '1' })).toBe(
      'By country: 1 row; the largest is Azerbaijan with $1.00 (100 %).',
    );
    expect(t('statistics.sales.distribution.summary', { ...args, count: 2, entries: '2' })).toMatch(
      /^By country: 2 rows;/,
    );
    expect(t('statistics.sales.weekly.ordersCount', { count: 1, orders: '1' })).toBe('1 order');
  });

  it('takes the Russian forms for 1, 3, 5, 21 and 1.5', async () => {
    const t = await translator('statistics', 'ru');
    const orders = (count: number) =>
      t('statistics.sales.weekly.ordersCount', { count, orders: String(count) });
    expect([1, 3, 5, 21, 1.5].map(orders)).toEqual([
      '1 заказ',
      '3 заказа',
      '5 заказов',
      '21 заказ',
      '1.5 заказа',
    ]);
    const events = await translator('events', 'ru');
    expect(
      [1, 2, 11, 100].map((count) =>
        events('events.prize.pointsNeeded', { count, points: String(count) }),
      ),
    ).toEqual(['1 балл', '2 балла', '11 баллов', '100 баллов']);
  });

  it('has the Azerbaijani one and other forms', async () => {
    const t = await translator('statistics', 'az');
    expect(
      t('statistics.sales.top.bestSellerFigures', { count: 1, licences: '1', amount: '$5.00' }),
    ).toBe('1 lisenziya, $5.00');
    expect(
      t('statistics.sales.top.bestSellerFigures', { count: 7, licences: '7', amount: '$5.00' }),
    ).toBe('7 lisenziya, $5.00');
  });
});

describe('checkout: moving the other lines here', () => {
  it('speaks of one line as "it" and of several as "them", in every language', async () => {
    const expected = {
      en: ['Pay it by Credit too', 'Pay them by Credit too'],
      ru: ['Оплатить и её: Credit', 'Оплатить и их: Credit'],
      az: ['Onu da ödə: Credit', 'Onları da ödə: Credit'],
    };
    for (const [lang, [one, several]] of Object.entries(expected)) {
      const t = await translator('checkout', lang);
      expect(t('checkout.moveLines', { count: 1, type: 'Credit' }), lang).toBe(one);
      expect(t('checkout.moveLines', { count: 3, type: 'Credit' }), lang).toBe(several);
    }
  });
});

describe('counts built by hand now take plural keys (issue 33)', () => {
  it('says "1 of 1 key delivered" and "2 of 3 keys delivered" in English', async () => {
    const t = await translator('orders', 'en');
    expect(t('orders.items.delivered', { count: 1, delivered: '1', quantity: '1' })).toBe(
      '1 of 1 key delivered',
    );
    expect(t('orders.items.delivered', { count: 3, delivered: '2', quantity: '3' })).toBe(
      '2 of 3 keys delivered',
    );
    expect(t('orders.dialogs.deliver.count', { count: 1, entered: '0', needed: '1' })).toBe(
      '0 of 1 key entered',
    );
  });

  it('declines the lines not imported and the licences of the commitment in Russian', async () => {
    const keys = await translator('keys', 'ru');
    const invalid = (count: number) =>
      keys('keys.import.linesMore', { count, shown: '20', total: String(count) });
    expect([21, 23, 25].map(invalid)).toEqual([
      'Показаны первые 20 из 21 строки.',
      'Показаны первые 20 из 23 строк.',
      'Показаны первые 20 из 25 строк.',
    ]);
    const adobe = await translator('adobe', 'ru');
    expect(adobe('adobe.panel.commitmentFrom', { count: 10, licences: '10' })).toBe(
      'Доступно от 10 лицензий.',
    );
    expect(adobe('adobe.panel.commitmentFrom', { count: 1, licences: '1' })).toBe(
      'Доступно от 1 лицензии.',
    );
  });
});
