/**
 * Calendar days of the statistics, as 'YYYY-MM-DD' strings. A day is a day in Baku
 * (Asia/Baku, UTC+4 all year); the arithmetic runs on UTC midnights, so no clock change or
 * time zone of the machine moves a day.
 */

import { bakuDate } from '../baku-time';

const DAY_MS = 86_400_000;

/** A range of days, both ends included. */
export type DayRange = { date_from: string; date_to: string };

/** Whole days from `from` to `to` (both 'YYYY-MM-DD'). */
export const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);

/** `day` moved by `days` calendar days. */
export const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/** Today in Baku as 'YYYY-MM-DD'. */
export const bakuToday = (now = new Date()) => bakuDate(now);

/** The year of a day. */
export const yearOf = (day: string) => Number(day.slice(0, 4));

/** The Monday of the ISO week of a day. */
export const weekStart = (day: string) =>
  addDays(day, -((new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7));

/** The first day of the month of a day. */
export const monthStart = (day: string) => `${day.slice(0, 7)}-01`;

/** The first day of the month after the month of a day. */
export const nextMonthStart = (day: string) => {
  const [y, m] = day.split('-').map(Number) as [number, number];
  return m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
};

/** The first day of the calendar quarter of a day. */
export const quarterStart = (day: string) => {
  const month = Number(day.slice(5, 7));
  return `${day.slice(0, 4)}-${String(month - ((month - 1) % 3)).padStart(2, '0')}-01`;
};

/** The first day of the year of a day. */
export const yearStart = (day: string) => `${day.slice(0, 4)}-01-01`;

/** The default range when none is given: the 12 ISO weeks up to `today`, this one included. */
export const defaultRange = (today: string): DayRange => ({
  date_from: addDays(weekStart(today), -7 * 11),
  date_to: today,
});

/**
 * The whole ISO weeks inside a range, as Mondays: from `first` (included) to `end` (excluded).
 * The days before `first` and from `end` on are the range's partial weeks; `first` is on or
 * after `end` when the range holds no whole week.
 */
export const wholeWeeks = (range: DayRange) => {
  const monday = weekStart(range.date_from);
  return {
    first: monday === range.date_from ? monday : addDays(monday, 7),
    end: weekStart(addDays(range.date_to, 1)),
  };
};

/**
 * The whole calendar months inside a range, as first days: from `first` (included) to `end`
 * (excluded), like `wholeWeeks`.
 */
export const wholeMonths = (range: DayRange) => {
  const start = monthStart(range.date_from);
  return {
    first: start === range.date_from ? start : nextMonthStart(start),
    end: monthStart(addDays(range.date_to, 1)),
  };
};
