import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CbarFormatError, parseCbarUsdRate } from './cbar-rates';

const fixture = readFileSync(
  path.join(import.meta.dirname, '../../../test/fixtures/cbar-21.11.2026.xml'),
  'utf8',
);

describe('[settings][rates] central bank daily XML', () => {
  it('reads the USD rate and the date from the real format', () => {
    expect(parseCbarUsdRate(fixture)).toEqual({ date: '2026-11-21', rate: '1.7000' });
  });

  it('divides by the nominal when the bank quotes more than one unit', () => {
    const xml = fixture.replace(
      '<Nominal>1</Nominal>\n   <Name>1 ABŞ dolları</Name>\n   <Value>1.7000</Value>',
      '<Nominal>100</Nominal><Name>100 ABŞ dolları</Name><Value>170.0050</Value>',
    );
    expect(parseCbarUsdRate(xml).rate).toBe('1.7001');
  });

  it('refuses files that are not a rates file, have no USD, or a broken value', () => {
    expect(() => parseCbarUsdRate('<html></html>')).toThrow(CbarFormatError);
    expect(() => parseCbarUsdRate('not xml <')).toThrow(CbarFormatError);
    expect(() => parseCbarUsdRate(fixture.replace('Code="USD"', 'Code="XXX"'))).toThrow(/no USD/);
    expect(() =>
      parseCbarUsdRate(fixture.replace('<Value>1.7000</Value>', '<Value>abc</Value>')),
    ).toThrow(/value/);
    expect(() =>
      parseCbarUsdRate(fixture.replace('Date="21.11.2026"', 'Date="2026-11-21"')),
    ).toThrow(CbarFormatError);
  });

  it('refuses a date that is not in the calendar and a rate outside 0.0001-1000 (invariant 6)', () => {
    for (const date of ['31.02.2018', '29.02.2025', '00.01.2026', '32.01.2026', '01.13.2026'])
      expect(
        () => parseCbarUsdRate(fixture.replace('Date="21.11.2026"', `Date="${date}"`)),
        date,
      ).toThrow(/not a real date/);
    expect(parseCbarUsdRate(fixture.replace('Date="21.11.2026"', 'Date="29.02.2024"')).date).toBe(
      '2024-02-29',
    );
    for (const value of ['0.0000', '1000.0001', '99999.0000'])
      expect(() =>
        parseCbarUsdRate(fixture.replace('<Value>1.7000</Value>', `<Value>${value}</Value>`)),
      ).toThrow(/not from 0.0001 to 1000/);
  });
});
