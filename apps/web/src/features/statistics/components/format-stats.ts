/** 'YYYY-MM' as a short month of the reader's language: 'Nov 2026', 'нояб. 2026 г.'. */
export const formatMonth = (month: string, lang: string) => {
  const [year, monthNumber] = month.split('-').map(Number);
  if (!year || !monthNumber) return month;
  return new Intl.DateTimeFormat(lang, {
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(year, monthNumber - 1, 1)));
};

export const formatCount = (value: number, lang: string) =>
  new Intl.NumberFormat(lang).format(value);

/** Chart axes only (display): '$5K'; exact amounts are shown from the API's strings. */
export const formatCompactUsd = (value: number, lang: string) =>
  `$${new Intl.NumberFormat(lang, { notation: 'compact', maximumFractionDigits: 1 }).format(value)}`;

/** A whole-number share for a legend: 2 of 3 → 67. */
export const sharePercent = (part: number, total: number) =>
  total === 0 ? 0 : Math.round((part * 100) / total);
