import { MONEY_MOVEMENT_KINDS } from '@esd/shared/orders/orders.rules';
import type { MoneyMovementEntry } from '@esd/shared/orders/orders.schemas';
import { MantineProvider } from '@mantine/core';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '@/lib/i18n/i18n';
import common from '@/lib/i18n/locales/en.json';
import { emulateWidth } from '@/test/emulate-width';
import az from '../locales/az.json';
import en from '../locales/en.json';
import ru from '../locales/ru.json';
import { moneyKindKey, owedState, unsigned } from './money-trail-words';
import { OrderMoneyTrail } from './order-money-trail';

// i18n.ts marks the document's language; this suite runs in Node
(globalThis as { document?: unknown }).document = { documentElement: { lang: '' } };

const entry = (overrides: Partial<MoneyMovementEntry>): MoneyMovementEntry => ({
  id: 1,
  kind: 'paid',
  amount_usd: '210.00',
  amount_azn: '429.68',
  at: '2026-11-20T08:30:00.000Z',
  item_id: null,
  actor: { id: 1, name: 'Global Admin' },
  note: null,
  ...overrides,
});
const item = { id: 7, FullTitle: 'Office Suite — 1 year' };
const render = (trail: MoneyMovementEntry[], owed = { usd: '0.00', azn: '0.00' }) =>
  renderToStaticMarkup(
    <MantineProvider>
      <OrderMoneyTrail
        order={{
          items: [item] as never,
          money_trail: trail,
          money_owed: owed,
        }}
      />
    </MantineProvider>,
  );

describe('[orders] payments and refunds', () => {
  beforeAll(async () => {
    await initI18n({ startup: async () => ({ ...common, orders: en }), pages: async () => ({}) });
  });
  afterEach(() => {
    delete (globalThis as { window?: unknown }).window;
  });

  it.each([
    ['en', en],
    ['ru', ru],
    ['az', az],
  ] as const)('names every movement in %s, each language in its own words', (lang, words) => {
    for (const kind of MONEY_MOVEMENT_KINDS) {
      const key = moneyKindKey(kind).replace(
        'orders.money.kinds.',
        '',
      ) as keyof typeof words.money.kinds;
      expect(words.money.kinds[key], `${lang} ${kind}`).toBeTruthy();
      if (lang !== 'en') expect(words.money.kinds[key]).not.toBe(en.money.kinds[key]);
    }
  });

  it('says whether the order still owes, is owed back, or owes nothing', () => {
    expect(owedState({ usd: '70.00', azn: '140.42' })).toBe('owed');
    expect(owedState({ usd: '-30.00', azn: '-60.18' })).toBe('owedBack');
    expect(owedState({ usd: '0.00', azn: '0.00' })).toBe('settled');
    expect(unsigned('-30.00')).toBe('30.00');
  });

  it('shows the trail as a table on a wide screen, with both amounts, who and what was refunded', () => {
    emulateWidth(1366);
    const html = render([
      entry({}),
      entry({
        id: 2,
        kind: 'refunded',
        amount_usd: '105.00',
        amount_azn: '214.84',
        item_id: 7,
        note: 'Bought by mistake',
      }),
    ]);
    expect(html).toContain('<table');
    expect(html).toContain('Payments and refunds');
    expect(html).toContain('Payment received');
    expect(html).toContain('Refunded');
    expect(html).toContain('$210.00');
    expect(html).toMatch(/429\.68/);
    expect(html).toContain('Global Admin');
    expect(html).toContain('Office Suite — 1 year');
    expect(html).toContain('Bought by mistake');
    expect(html).toContain('Nothing is owed.');
  });

  it('shows one card per movement on a 390 px phone, with what is still owed', () => {
    emulateWidth(390);
    const html = render([entry({ kind: 'credit_drawn', actor: null })], {
      usd: '210.00',
      azn: '429.68',
    });
    expect(html).not.toContain('<table');
    expect(html.match(/data-testid="data-card"/g)).toHaveLength(1);
    expect(html).toContain('Paid on credit');
    expect(html).toContain('System');
    expect(html).toMatch(/Still owed: \$210\.00 \/ [^<]*429\.68/);
  });

  it('says when nothing has moved yet and when money is owed back', () => {
    emulateWidth(1366);
    expect(render([], { usd: '210.00', azn: '429.68' })).toContain('No money has moved yet.');
    expect(render([entry({})], { usd: '-30.00', azn: '-60.18' })).toMatch(
      /Owed back: \$30\.00 \/ [^<]*60\.18/,
    );
  });
});
