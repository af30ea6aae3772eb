import { describe, expect, it } from 'vitest';
import {
  calendarDateSchema,
  displayNameSchema,
  INT4_MAX,
  idSchema,
  idTextSchema,
  isVisibleText,
  timestampSchema,
} from './bounds';

const takes = (schema: { safeParse: (v: unknown) => { success: boolean } }, value: unknown) =>
  schema.safeParse(value).success;

describe('bounds of what the database holds', () => {
  it('takes ids from 1 to 2^31−1, as numbers and as text', () => {
    for (const ok of [1, 42, INT4_MAX]) expect(takes(idSchema, ok)).toBe(true);
    for (const bad of [0, -1, INT4_MAX + 1, 2 ** 53, 1.5, Number.NaN, Number.POSITIVE_INFINITY])
      expect(takes(idSchema, bad), String(bad)).toBe(false);
    for (const ok of ['1', '2147483647']) expect(takes(idTextSchema, ok)).toBe(true);
    for (const bad of ['0', '2147483648', '9007199254740993', 'NaN', 'Infinity', '1e21', 'x'])
      expect(takes(idTextSchema, bad), bad).toBe(false);
  });

  it('takes calendar days that exist, from 2000 to 2100', () => {
    for (const ok of ['2000-01-01', '2024-02-29', '2100-12-31', '2026-11-25'])
      expect(takes(calendarDateSchema, ok), ok).toBe(true);
    for (const bad of [
      '0000-01-01',
      '1999-12-31',
      '2101-01-01',
      '9999-12-31',
      '2023-02-29',
      '2024-02-30',
      '2024-04-31',
      '2024-13-01',
      '2024-1-1',
      '2024-01-01T00:00:00Z',
    ])
      expect(takes(calendarDateSchema, bad), bad).toBe(false);
  });

  it('takes real instants with an offset, their day from 2000 to 2100', () => {
    for (const ok of [
      '2026-06-01T10:00:00Z',
      '2026-06-01T10:00:00.123+04:00',
      '2000-01-01T00:00:00Z',
    ])
      expect(takes(timestampSchema, ok), ok).toBe(true);
    for (const bad of [
      '2024-01-01T24:00:00Z',
      '2016-12-31T23:59:60Z',
      '0000-01-01T00:00:00Z',
      '9999-12-31T23:59:59.999Z',
      '2024-02-30T10:00:00Z',
      '+275760-09-13T00:00:00Z',
      '1999-12-31T23:00:00Z',
      '2026-06-01',
      '2026-06-01T10:00:00',
    ])
      expect(takes(timestampSchema, bad), bad).toBe(false);
  });

  it('names the rule in its message', () => {
    const result = calendarDateSchema.safeParse('1999-12-31');
    expect(result.error?.issues[0]?.message).toBe('must be between 2000-01-01 and 2100-12-31');
  });
});

describe('display names', () => {
  it('refuses names made only of invisible or direction-control characters', () => {
    const name = displayNameSchema(120);
    for (const ok of ['Leyla', 'Ə', 'Иван', '42', 'O’Brien', '‮Leyla'])
      expect(takes(name, ok), ok).toBe(true);
    for (const bad of [
      '',
      '   ',
      '\u200B',
      '\u200B\u200C\u200D',
      '\u202E\u2066\u2069',
      '\u200F\u00A0',
      '\uFEFF',
    ])
      expect(takes(name, bad), JSON.stringify(bad)).toBe(false);
    expect(isVisibleText('\u202Eabc')).toBe(true);
  });
});
