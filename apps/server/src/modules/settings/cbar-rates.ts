import { DATE_MAX, DATE_MIN } from '@esd/shared/bounds';
import { isRate, RATE_MAX, RATE_MIN } from '@esd/shared/catalogue/settings.schemas';
import { divideRounded, formatDecimal, parseDecimal, RATE_SCALE } from '@esd/shared/shop/money';
import { XMLParser, XMLValidator } from 'fast-xml-parser';

export type CbarUsdRate = { date: string; rate: string };

/** What part of the file a refusal is about: the web and the API answer name it. */
export type CbarField = 'xml' | 'ValCurs' | 'Date' | 'ValType' | 'USD' | 'Nominal' | 'Value';

export class CbarFormatError extends Error {
  constructor(
    readonly field: CbarField,
    message: string,
  ) {
    super(message);
  }
}

/** The section of the file that holds the currencies; the metals (`Bank metalları`) are not it. */
const FOREIGN_CURRENCIES = 'Xarici valyutalar';

/** The largest nominal the bank quotes a currency per (it uses 1 and 100). */
const NOMINAL_MAX = 1_000_000;

type Valute = { '@_Code'?: string; Nominal?: unknown; Value?: unknown };
type ValType = { '@_Type'?: string; Valute?: Valute[] };
type ValCurs = { '@_Date'?: unknown; ValType?: ValType[] };

const parser = new XMLParser({
  ignoreAttributes: false,
  parseTagValue: false,
  parseAttributeValue: false,
  processEntities: false,
  ignoreDeclaration: true,
  ignorePiTags: true,
  // the same shape whether a section holds one entry or several: duplicates stay visible
  isArray: (name) => name === 'ValType' || name === 'Valute' || name === 'ValCurs',
});

/** An element's text (`<Value>1.7000</Value>`), or undefined when it has children or attributes. */
const textOf = (value: unknown) =>
  typeof value === 'string' || typeof value === 'number' ? String(value).trim() : undefined;

/** `DD.MM.YYYY` as `YYYY-MM-DD`, when it is a day of the calendar within the portal's years. */
const calendarDate = (raw: unknown) => {
  const written = typeof raw === 'string' ? raw : '';
  const match = /^(\d{2})\.(\d{2})\.(\d{4})$/.exec(written);
  if (!match) throw new CbarFormatError('Date', `The file's Date "${written}" is not DD.MM.YYYY.`);
  const [, day, month, year] = match;
  const date = `${year}-${month}-${day}`;
  // Date.parse takes 31.02 as 3 March: the date must read back as written
  const parsed = new Date(`${date}T00:00:00Z`);
  if (Number.isNaN(parsed.getTime()) || parsed.toISOString().slice(0, 10) !== date)
    throw new CbarFormatError('Date', `The file's Date ${written} is not a real date.`);
  if (date < DATE_MIN || date > DATE_MAX)
    throw new CbarFormatError(
      'Date',
      `The file's Date ${written} is outside ${DATE_MIN.slice(0, 4)}–${DATE_MAX.slice(0, 4)}.`,
    );
  return date;
};

/** AZN per one USD from the entry's Nominal and Value, each checked. */
const usdRateOf = (usd: Valute) => {
  const nominal = textOf(usd.Nominal) ?? '';
  if (!/^[1-9]\d{0,6}$/.test(nominal) || Number(nominal) > NOMINAL_MAX)
    throw new CbarFormatError(
      'Nominal',
      `The USD Nominal "${nominal}" is not a whole number from 1 to ${NOMINAL_MAX}.`,
    );
  const value = textOf(usd.Value) ?? '';
  if (!/^\d{1,10}(\.\d{1,4})?$/.test(value))
    throw new CbarFormatError(
      'Value',
      `The USD Value "${value}" is not a number with up to 4 decimals.`,
    );
  const rate = formatDecimal(
    divideRounded(parseDecimal(value, RATE_SCALE), BigInt(nominal)),
    RATE_SCALE,
  );
  if (!isRate(rate))
    throw new CbarFormatError(
      'Value',
      `The USD rate ${rate} (Value ${value} per ${nominal}) is not from ${RATE_MIN} to ${RATE_MAX}.`,
    );
  return rate;
};

/**
 * Reads the USD rate from the Central Bank of Azerbaijan's daily file (`DD.MM.YYYY.xml`), checked
 * whole first: well-formed XML, one root `<ValCurs Date="DD.MM.YYYY">` (a real day), one
 * `<ValType Type="Xarici valyutalar">` holding exactly one `<Valute Code="USD">` with
 * `<Nominal>` and `<Value>` (AZN per Nominal USD). A USD among the metals is not the rate and
 * is ignored. Anything else throws a CbarFormatError naming what is wrong.
 */
export const parseCbarUsdRate = (xml: string): CbarUsdRate => {
  const verdict = XMLValidator.validate(xml);
  if (verdict !== true)
    throw new CbarFormatError(
      'xml',
      `The file is not well-formed XML: ${verdict.err.msg} (line ${verdict.err.line}).`,
    );
  let document: Record<string, unknown>;
  try {
    document = parser.parse(xml);
  } catch (error) {
    throw new CbarFormatError(
      'xml',
      `The file is not well-formed XML: ${(error as Error).message}`,
    );
  }
  const roots = Object.keys(document);
  const valCurs = document.ValCurs as ValCurs[] | undefined;
  if (roots.length !== 1 || valCurs?.length !== 1)
    throw new CbarFormatError(
      'ValCurs',
      'This is not a Central Bank rates file: its one root must be ValCurs.',
    );
  const root = valCurs[0]!;
  if (root['@_Date'] === undefined)
    throw new CbarFormatError(
      'Date',
      'This is not a Central Bank rates file: ValCurs has no Date.',
    );
  const date = calendarDate(root['@_Date']);

  const currencies = (root.ValType ?? []).filter((type) => type['@_Type'] === FOREIGN_CURRENCIES);
  if (currencies.length !== 1)
    throw new CbarFormatError(
      'ValType',
      currencies.length === 0
        ? `The file has no "${FOREIGN_CURRENCIES}" section.`
        : `The file has ${currencies.length} "${FOREIGN_CURRENCIES}" sections.`,
    );
  const usd = (currencies[0]!.Valute ?? []).filter((valute) => valute['@_Code'] === 'USD');
  if (usd.length === 0)
    throw new CbarFormatError('USD', `The file has no USD rate in "${FOREIGN_CURRENCIES}".`);
  if (usd.length > 1)
    throw new CbarFormatError(
      'USD',
      `The file has ${usd.length} USD entries in "${FOREIGN_CURRENCIES}"; it must have one.`,
    );
  return { date, rate: usdRateOf(usd[0]!) };
};
