import { createInstance, type TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { apiErrorFromEnvelope } from './api-error';
import az from './i18n/locales/az.json';
import en from './i18n/locales/en.json';
import ru from './i18n/locales/ru.json';
import { weakPasswordMessage } from './weak-password';

const tIn = async (lng: string, translation: object) => {
  const i18n = createInstance();
  await i18n.init({ lng, resources: { [lng]: { translation } } });
  return i18n.t as TFunction;
};

const refusal = (data: Record<string, unknown>) =>
  apiErrorFromEnvelope(
    { status: 422 },
    {
      code: 422,
      message: 'This password is too easy to guess; choose a longer one.',
      data: { error: 'WEAK_PASSWORD', ...data },
    },
  );

describe('[passwords] why a password was refused, in the reader language (issue 32)', () => {
  const guessable = refusal({
    reason: 'guessable',
    warning: 'userInputs',
    suggestions: ['useWords', 'a-key-of-a-later-zxcvbn'],
    score: 1,
    min_score: 3,
  });

  it('says the warning and suggestions in en, ru and az, leaving out keys it does not know', async () => {
    expect(weakPasswordMessage(guessable, await tIn('en', en))).toBe(
      'This password is too easy to guess. It contains your name or e-mail address. Use several unrelated words together.',
    );
    expect(weakPasswordMessage(guessable, await tIn('ru', ru))).toBe(
      'Этот пароль слишком легко подобрать. Пароль содержит ваше имя или адрес e-mail. Используйте несколько не связанных между собой слов.',
    );
    expect(weakPasswordMessage(guessable, await tIn('az', az))).toBe(
      'Bu şifrəni təxmin etmək çox asandır. Şifrədə adınız və ya e-poçt ünvanınız var. Bir-biri ilə bağlı olmayan bir neçə sözdən istifadə edin.',
    );
  });

  it('names every zxcvbn warning and suggestion in all three languages', () => {
    const strength = (locale: typeof en) => locale.validation.passwordStrength;
    for (const locale of [ru, az]) {
      expect(Object.keys(strength(locale).warnings)).toEqual(Object.keys(strength(en).warnings));
      expect(Object.keys(strength(locale).suggestions)).toEqual(
        Object.keys(strength(en).suggestions),
      );
    }
    expect(Object.keys(strength(en).warnings)).toHaveLength(16);
    expect(Object.keys(strength(en).suggestions)).toHaveLength(14);
  });

  it("keeps the server's message for a refusal of another kind", async () => {
    const other = refusal({});
    expect(weakPasswordMessage(other, await tIn('en', en))).toBe(
      'This password is too easy to guess; choose a longer one.',
    );
  });
});
