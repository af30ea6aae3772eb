import { describe, expect, it } from 'vitest';
import { cashDigestMail, lowStockMail } from './notifications.mail';

const NBSP = '\u00a0';
const link = 'http://portal.test/pages/orders?status=pending&type=cash';
const order = {
  id: 41,
  dealer: 'Caspian Soft',
  totalAzn: '2618.88',
  placedAt: '2026-11-25T10:05:00.000Z',
};
const digest = (lang: string, total: number) =>
  cashDigestMail({ name: 'Admin', lang }, { orders: [order], total }, link);
const low = (lang: string, available: number) =>
  lowStockMail(
    { name: 'Admin', lang },
    { sku: 'KAS-1', title: 'Kaspersky', available, threshold: 1500 },
    link,
  );

describe('[notifications] admin mails count and write amounts in the reader’s language (issue 33)', () => {
  it('says "1 cash order waits" and "3 cash orders wait", never "order(s)"', () => {
    expect(digest('en', 1).subject).toBe('1 cash order waits for payment confirmation');
    expect(digest('en', 3).subject).toBe('3 cash orders wait for payment confirmation');
  });

  it('says "1 key is" and "2 keys are", with the threshold grouped', () => {
    expect(low('en', 1).text).toContain(
      'Only 1 key is left, under the low-stock threshold of 1,500.',
    );
    expect(low('en', 2).text).toContain('Only 2 keys are left');
    expect(low('ru', 2).text).toContain(
      `Осталось ключей: 2, меньше порога низкого запаса (1${NBSP}500).`,
    );
    expect(low('az', 2).text).toContain(
      'Cəmi 2 açar qalıb, bu, aşağı ehtiyat həddindən (1.500) azdır.',
    );
  });

  it('writes a digest line’s amount and Baku time as the screens do', () => {
    expect(digest('en', 1).text).toContain('2,618.88 AZN — placed 25 Nov 2026 14:05');
    expect(digest('ru', 1).text).toContain(`2${NBSP}618,88${NBSP}AZN — оформлен 25.11.2026 14:05`);
    expect(digest('az', 1).text).toContain(`2.618,88${NBSP}AZN — verilib 25.11.2026 14:05`);
  });
});
