const pattern = /^(-)?(\d+)(?:\.(\d+))?$/;

/**
 * One grouping formatter and decimal separator per language: building an Intl.NumberFormat
 * costs far more than formatting with it, and a product list formats every price on the page.
 */
const locales = new Map<string, { grouping: Intl.NumberFormat; decimalSeparator: string }>();

const localeOf = (lang: string) => {
  let locale = locales.get(lang);
  if (locale === undefined) {
    const grouping = new Intl.NumberFormat(lang, { useGrouping: true });
    const decimalSeparator =
      new Intl.NumberFormat(lang).formatToParts(1.5).find((part) => part.type === 'decimal')
        ?.value ?? '.';
    locale = { grouping, decimalSeparator };
    locales.set(lang, locale);
  }
  return locale;
};

/**
 * A decimal string shown with exactly `decimals` places in the reader's locale. The digits
 * never pass through a float: the whole part is grouped as a BigInt, the fraction is rounded
 * half away from zero on the string.
 */
export const formatDecimalString = (value: string, lang: string, decimals = 2): string => {
  const match = pattern.exec(value.trim());
  if (!match) return value;
  const [, sign = '', wholeDigits, fractionDigits = ''] = match;
  let units = BigInt(`${wholeDigits}${fractionDigits.padEnd(decimals, '0').slice(0, decimals)}`);
  if (fractionDigits.length > decimals && Number(fractionDigits[decimals]) >= 5) units += 1n;
  const scale = 10n ** BigInt(decimals);
  const locale = localeOf(lang);
  const whole = locale.grouping.format(units / scale);
  const fraction = (units % scale).toString().padStart(decimals, '0');
  const isZero = units === 0n;
  return `${sign && !isZero ? '-' : ''}${whole}${decimals > 0 ? `${locale.decimalSeparator}${fraction}` : ''}`;
};

/** Spec 9: '$' for USD amounts (VAT excluded), 2 decimals. */
export const formatUsd = (value: string, lang: string) => `$${formatDecimalString(value, lang)}`;

/** Spec 9: AZN for cash and credit amounts, 2 decimals. */
export const formatAzn = (value: string, lang: string) => `${formatDecimalString(value, lang)} AZN`;

/** A percentage without needless zeros: '18.00' → '18', '2.50' → '2,5' in az/ru. */
export const formatPercent = (value: string, lang: string) => {
  const [, fraction = ''] = value.split('.');
  const decimals = fraction.replace(/0+$/, '').length;
  return formatDecimalString(value, lang, decimals);
};
