import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CbarFormatError, parseCbarUsdRate } from './cbar-rates';

const fixture = readFileSync(
  path.join(import.meta.dirname, '../../../test/fixtures/cbar-21.11.2026.xml'),
  'utf8',
);
const usdEntry =
  '<Valute Code="USD">\n   <Nominal>1</Nominal>\n   <Name>1 ABŞ dolları</Name>\n   <Value>1.7000</Value>\n  </Valute>';
const metalsOpen = '<ValType Type="Bank metalları">';

/** The refusal of a file: the field it names and its message. */
const refusal = (xml: string) => {
  try {
    parseCbarUsdRate(xml);
  } catch (error) {
    if (error instanceof CbarFormatError) return { field: error.field, message: error.message };
    throw error;
  }
  return undefined;
};

describe('[settings][rates] central bank daily XML', () => {
  it('reads the USD rate and the date from the real format', () => {
    expect(fixture).toContain(usdEntry);
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
    expect(refusal('<html></html>')).toMatchObject({ field: 'ValCurs' });
    expect(refusal('not xml <')).toMatchObject({ field: 'xml' });
    expect(refusal('')).toMatchObject({ field: 'xml' });
    expect(refusal(fixture.replace('Code="USD"', 'Code="XXX"'))).toMatchObject({
      field: 'USD',
      message: expect.stringMatching(/no USD/),
    });
    expect(refusal(fixture.replace('<Value>1.7000</Value>', '<Value>abc</Value>'))).toMatchObject({
      field: 'Value',
    });
    expect(refusal(fixture.replace('Date="21.11.2026"', 'Date="2026-11-21"'))).toMatchObject({
      field: 'Date',
    });
    expect(refusal(fixture.replace(' Date="21.11.2026"', ''))).toMatchObject({ field: 'Date' });
  });

  it('refuses a file with a mismatched closing tag, naming the XML error', () => {
    const xml = fixture.replace('<Name>1 Avro</Name>', '<Name>1 Avro</Nominal>');
    expect(refusal(xml)).toMatchObject({
      field: 'xml',
      message: expect.stringMatching(/not well-formed XML: .*Nominal/),
    });
    expect(
      refusal(fixture.replace('</ValType>\n <ValType', '</ValCurs>\n <ValType')),
    ).toMatchObject({ field: 'xml' });
    // a second root after the first
    expect(refusal(`${fixture}<ValCurs Date="22.11.2026"></ValCurs>`)).toMatchObject({
      field: 'xml',
    });
  });

  it('refuses every truncated copy of a good file (cut at each byte)', () => {
    const bytes = Buffer.from(fixture, 'utf8');
    // the document ends with the root's closing tag; what follows is only the final newline
    const end = bytes.lastIndexOf('</ValCurs>') + '</ValCurs>'.length;
    expect(bytes.subarray(end).toString().trim()).toBe('');
    const accepted: number[] = [];
    for (let cut = 0; cut < end; cut++) {
      const outcome = refusal(bytes.subarray(0, cut).toString('utf8'));
      if (!outcome) accepted.push(cut);
    }
    expect(accepted).toEqual([]);
    // the whole file still reads: the loop refused copies, not everything
    expect(parseCbarUsdRate(bytes.subarray(0, end).toString('utf8')).rate).toBe('1.7000');
  });

  it('refuses two USD entries among the currencies, and ignores a USD among the metals', () => {
    const twice = fixture.replace(
      usdEntry,
      `${usdEntry}\n  ${usdEntry.replace('1.7000', '2.9000')}`,
    );
    expect(refusal(twice)).toMatchObject({
      field: 'USD',
      message: expect.stringMatching(/2 USD entries/),
    });
    const metalUsd =
      '<Valute Code="USD"><Nominal>1 t.u.</Nominal><Name>x</Name><Value>9.9999</Value></Valute>';
    const withMetalUsd = fixture.replace(metalsOpen, `${metalsOpen}\n  ${metalUsd}`);
    expect(parseCbarUsdRate(withMetalUsd)).toEqual({ date: '2026-11-21', rate: '1.7000' });
    // only among the metals: there is no USD rate
    const onlyMetal = withMetalUsd.replace(usdEntry, '');
    expect(refusal(onlyMetal)).toMatchObject({
      field: 'USD',
      message: expect.stringMatching(/no USD/),
    });
    // no currencies section at all, or two of them
    expect(refusal(fixture.replace('Type="Xarici valyutalar"', 'Type="Other"'))).toMatchObject({
      field: 'ValType',
    });
    const section = fixture.slice(
      fixture.indexOf(' <ValType Type="Xarici valyutalar">'),
      fixture.lastIndexOf('</ValType>') + '</ValType>'.length,
    );
    expect(refusal(fixture.replace(section, `${section}\n${section}`))).toMatchObject({
      field: 'ValType',
    });
  });

  it('refuses a nominal or value that is not well-formed or out of range', () => {
    for (const nominal of ['0', '1 t.u.', '-1', '1.5', '', '10000000'])
      expect(
        refusal(
          fixture.replace(
            '<Nominal>1</Nominal>\n   <Name>1 ABŞ',
            `<Nominal>${nominal}</Nominal>\n   <Name>1 ABŞ`,
          ),
        ),
        nominal,
      ).toMatchObject({ field: 'Nominal' });
    for (const value of ['0.0000', '1000.0001', '99999.0000', '1.70001', '-1.7', '1,7000', ''])
      expect(
        refusal(fixture.replace('<Value>1.7000</Value>', `<Value>${value}</Value>`)),
        value,
      ).toMatchObject({ field: 'Value' });
  });

  it('refuses a date that is not in the calendar or outside 2000–2100', () => {
    for (const date of ['31.02.2026', '29.02.2025', '00.01.2026', '32.01.2026', '01.13.2026'])
      expect(refusal(fixture.replace('Date="21.11.2026"', `Date="${date}"`)), date).toMatchObject({
        field: 'Date',
        message: expect.stringMatching(/not a real date/),
      });
    for (const date of ['01.01.0000', '31.12.1999', '01.01.2101'])
      expect(refusal(fixture.replace('Date="21.11.2026"', `Date="${date}"`)), date).toMatchObject({
        field: 'Date',
        message: expect.stringMatching(/outside 2000–2100/),
      });
    expect(parseCbarUsdRate(fixture.replace('Date="21.11.2026"', 'Date="29.02.2024"')).date).toBe(
      '2024-02-29',
    );
  });
});
