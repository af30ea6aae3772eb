import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CbarFormatError, parseCbarUsdRate } from './cbar-rates';

const fixture = readFileSync(path.join(import.meta.dirname, 'fixtures/21.11.2026.xml'), 'utf8');

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
});
