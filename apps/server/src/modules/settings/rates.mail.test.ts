import { describe, expect, it } from 'vitest';
import { rateMissingMail } from './rates.mail';

const mail = (lang: 'en' | 'ru' | 'az') =>
  rateMissingMail({
    lang,
    name: 'Admin',
    date: '2026-11-28',
    inUse: { date: '2026-11-27', rate: '1.7000' },
    fetchEnabled: false,
    link: 'http://portal.test/pages/settings/markup?tab=rates',
  });

describe('[settings][rates] the missing-rate mail writes dates and the rate as the screens do', () => {
  it('in English: 28 Nov 2026 and 1.7000', () => {
    expect(mail('en').subject).toBe('No exchange rate for 28 Nov 2026');
    expect(mail('en').text).toContain('the rate of 27 Nov 2026: 1 USD = 1.7000 AZN.');
  });

  it('in Russian and Azerbaijani: 28.11.2026 and a decimal comma', () => {
    expect(mail('ru').subject).toBe('Нет курса на 28.11.2026');
    expect(mail('ru').text).toContain('курс на 27.11.2026: 1 USD = 1,7000 AZN.');
    expect(mail('az').subject).toBe('28.11.2026 üçün məzənnə yoxdur');
    expect(mail('az').text).toContain(
      '27.11.2026 tarixli məzənnədən istifadə edir: 1 USD = 1,7000 AZN.',
    );
  });
});
