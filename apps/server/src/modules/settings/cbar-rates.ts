import { isRate, RATE_MAX, RATE_MIN } from '@esd/shared/catalogue/settings.schemas';
import { divideRounded, formatDecimal, parseDecimal, RATE_SCALE } from '@esd/shared/shop/money';
import { XMLParser } from 'fast-xml-parser';

export type CbarUsdRate = { date: string; rate: string };

export class CbarFormatError extends Error {}

const asArray = <T>(value: T | T[] | undefined): T[] =>
  value === undefined ? [] : Array.isArray(value) ? value : [value];

type Valute = { '@_Code'?: string; Nominal?: string | number; Value?: string | number };
type ValType = { '@_Type'?: string; Valute?: Valute | Valute[] };

/**
 * Reads the USD rate from the Central Bank of Azerbaijan's daily file (`DD.MM.YYYY.xml`):
 * `<ValCurs Date="DD.MM.YYYY">` with `<ValType Type="Xarici valyutalar">` holding
 * `<Valute Code="USD"><Nominal>1</Nominal><Value>1.7000</Value></Valute>` (AZN per Nominal USD).
 */
export const parseCbarUsdRate = (xml: string): CbarUsdRate => {
  let document: { ValCurs?: { '@_Date'?: string; ValType?: ValType | ValType[] } };
  try {
    document = new XMLParser({
      ignoreAttributes: false,
      parseTagValue: false,
      processEntities: false,
    }).parse(xml);
  } catch {
    throw new CbarFormatError('The file is not valid XML.');
  }
  const root = document.ValCurs;
  const dateMatch = /^(\d{2})\.(\d{2})\.(\d{4})$/.exec(root?.['@_Date'] ?? '');
  if (!root || !dateMatch)
    throw new CbarFormatError('This is not a Central Bank rates file (no ValCurs Date).');
  const [, day, month, year] = dateMatch;
  const date = `${year}-${month}-${day}`;
  // Date.parse takes 31.02 as 3 March: the date must read back as written
  const parsed = new Date(`${date}T00:00:00Z`);
  if (Number.isNaN(parsed.getTime()) || parsed.toISOString().slice(0, 10) !== date)
    throw new CbarFormatError(`The file's date ${root['@_Date']} is not a real date.`);

  const usd = asArray(root.ValType)
    .flatMap((type) => asArray(type.Valute))
    .find((valute) => valute['@_Code'] === 'USD');
  if (!usd) throw new CbarFormatError('The file has no USD rate.');
  const nominal = String(usd.Nominal ?? '').trim();
  const value = String(usd.Value ?? '').trim();
  if (!/^\d+$/.test(nominal) || Number(nominal) === 0)
    throw new CbarFormatError(`Unexpected USD nominal "${nominal}".`);
  let scaled: bigint;
  try {
    scaled = parseDecimal(value, RATE_SCALE);
  } catch {
    throw new CbarFormatError(`Unexpected USD value "${value}".`);
  }
  const rate = formatDecimal(divideRounded(scaled, BigInt(nominal)), RATE_SCALE);
  if (!isRate(rate))
    throw new CbarFormatError(`The USD rate ${rate} is not from ${RATE_MIN} to ${RATE_MAX}.`);
  return { date, rate };
};
