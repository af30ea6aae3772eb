import { bakuWallClock } from '@esd/shared/baku-time';
import { formatDate } from '@esd/shared/format/format';

/** A rate's date is a calendar day ('2026-11-21', maybe with a midnight time): no zone shifts it. */
export const formatRateDate = (isoDate: string, lang: string) =>
  formatDate(isoDate.slice(0, 10), lang);

/** Today in Baku as YYYY-MM-DD (what a date input holds): the business's calendar. */
export const todayIsoDate = (now = new Date()) => {
  const clock = bakuWallClock(now);
  return clock ? `${clock.year}-${clock.month}-${clock.day}` : now.toISOString().slice(0, 10);
};

/** The rate in force today: the newest dated today or earlier (a next-day file may be in). */
export const pickCurrentRate = <R extends { date: string }>(rates: R[], today: string) =>
  rates.find((rate) => rate.date.slice(0, 10) <= today) ?? null;
