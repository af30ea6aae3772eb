import { describe, expect, it } from 'vitest';
import { guessingAlertMail } from './auth.mail';

const body = (lang: 'en' | 'ru' | 'az', failures: number) =>
  guessingAlertMail(lang, 'Anna', failures).text;

describe('[auth] the guessing alert counts failed sign-ins with CLDR plural forms', () => {
  it('says "1 sign-in" and "21 sign-ins" in English', () => {
    expect(body('en', 1)).toContain('In the last 24 hours 1 sign-in to your');
    expect(body('en', 21)).toContain('In the last 24 hours 21 sign-ins to your');
  });

  it('declines the Russian noun for 1, 3, 11, 21 and 1500', () => {
    expect(body('ru', 1)).toContain('24 часа 1 попытка входа в');
    expect(body('ru', 3)).toContain('24 часа 3 попытки входа в');
    expect(body('ru', 11)).toContain('24 часа 11 попыток входа в');
    expect(body('ru', 21)).toContain('24 часа 21 попытка входа в');
    expect(body('ru', 1500)).toContain('24 часа 1\u00a0500 попыток входа в');
  });

  it('writes the Azerbaijani count with its group separator', () => {
    expect(body('az', 1500)).toContain('hesabınıza 1.500 giriş cəhdi');
  });
});
