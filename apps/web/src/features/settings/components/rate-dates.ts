/** '2026-11-21' → '21.11.2026', the central bank's own notation; no time zone can shift it. */
export const formatRateDate = (isoDate: string) => {
  const [year, month, day] = isoDate.slice(0, 10).split('-');
  return year && month && day ? `${day}.${month}.${year}` : isoDate;
};

const pad = (n: number) => String(n).padStart(2, '0');

/** When a rate was added, in local time as DD.MM.YYYY HH:mm (readable in every language). */
export const formatAddedAt = (iso: string) => {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return iso;
  return `${pad(at.getDate())}.${pad(at.getMonth() + 1)}.${at.getFullYear()} ${pad(at.getHours())}:${pad(at.getMinutes())}`;
};

/** Today in the browser's calendar as YYYY-MM-DD (what a date input holds). */
export const todayIsoDate = (now = new Date()) => {
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
};

/** The rate in force today: the newest dated today or earlier (a next-day file may be in). */
export const pickCurrentRate = <R extends { date: string }>(rates: R[], today: string) =>
  rates.find((rate) => rate.date.slice(0, 10) <= today) ?? null;
