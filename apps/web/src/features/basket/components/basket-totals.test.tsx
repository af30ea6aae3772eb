import type { Basket } from '@esd/shared/catalogue/basket.schemas';
import { MantineProvider } from '@mantine/core';
import { renderToStaticMarkup } from 'react-dom/server';
import { beforeAll, describe, expect, it } from 'vitest';
import { i18n, initI18n } from '@/lib/i18n/i18n';
import common from '@/lib/i18n/locales/en.json';
import en from '../locales/en.json';
import { BasketTotals } from './basket-totals';

// i18n.ts marks the document's language; this suite runs in Node
(globalThis as { document?: unknown }).document = { documentElement: { lang: '' } };

const cash = { sell_type: 1, quantity: 3, total_usd: '352.80', total_azn: '707.73' };
const credit = { sell_type: 2, quantity: 1, total_usd: '117.60', total_azn: '240.62' };
const basket = (byType: Basket['by_sell_type']): Basket => ({
  products: [],
  totalQuantity: byType.reduce((n, t) => n + t.quantity, 0),
  totalAmount: '948.35',
  totalUsdAmount: '470.40',
  by_sell_type: byType,
  form: true,
  rate: '1.7000',
  vat_percent: '18.00',
});
const text = (b: Basket) =>
  renderToStaticMarkup(
    <MantineProvider>
      <BasketTotals basket={b} />
    </MantineProvider>,
  ).replace(/<[^>]+>/g, ' ');

describe('[basket] totals', () => {
  beforeAll(async () => {
    await initI18n({ startup: async () => ({ ...common, basket: en }), pages: async () => ({}) });
    await i18n.changeLanguage('en');
  });

  it('shows one AZN total when every line is paid the same way', () => {
    const shown = text(basket([cash]));
    expect(shown).toContain('Total incl. 18% VAT');
    expect(shown).toContain('707.73 AZN');
    expect(shown).not.toContain('separately');
  });

  it('never adds cash and credit lines into one AZN figure: each way of paying has its own', () => {
    const shown = text(basket([cash, credit]));
    expect(shown).toContain('Cash, incl. 18% VAT');
    expect(shown).toContain('707.73 AZN');
    expect(shown).toContain('On credit, incl. 18% VAT');
    expect(shown).toContain('240.62 AZN');
    expect(shown).not.toContain('948.35');
    expect(shown).toContain('checked out and paid separately');
  });
});
