import { isoDaySchema, rangeProblem } from '@esd/shared/statistics/sales-statistics.schemas';
import {
  addDays,
  bakuToday,
  defaultRange,
  quarterStart,
  weekStart,
  yearStart,
} from '@esd/shared/statistics/statistics.dates';
import type { DateRange } from '../api/sales-statistics';

export type RangePreset = 'weeks4' | 'weeks12' | 'quarter' | 'year' | 'months12';
export const RANGE_PRESETS: RangePreset[] = ['weeks4', 'weeks12', 'quarter', 'year', 'months12'];

/** A preset's range ending today (Baku): whole ISO weeks, this quarter, this year, 12 months. */
export const presetRange = (preset: RangePreset, today = bakuToday()): DateRange => {
  switch (preset) {
    case 'weeks4':
      return { date_from: addDays(weekStart(today), -21), date_to: today };
    case 'weeks12':
      return defaultRange(today);
    case 'quarter':
      return { date_from: quarterStart(today), date_to: today };
    case 'year':
      return { date_from: yearStart(today), date_to: today };
    case 'months12':
      return { date_from: addDays(today, -364), date_to: today };
  }
};

/** The preset a range equals, if any (to highlight it). */
export const presetOf = (range: DateRange, today = bakuToday()) =>
  RANGE_PRESETS.find((preset) => {
    const r = presetRange(preset, today);
    return r.date_from === range.date_from && r.date_to === range.date_to;
  });

const validDay = (value: string | null) =>
  value !== null && isoDaySchema.safeParse(value).success ? value : undefined;

/** The range of `?date_from&date_to`; anything missing or invalid falls back to 12 weeks. */
export const readRange = (params: URLSearchParams, today = bakuToday()): DateRange => {
  const from = validDay(params.get('date_from'));
  const to = validDay(params.get('date_to'));
  if (!from || !to || rangeProblem(from, to)) return defaultRange(today);
  return { date_from: from, date_to: to };
};
