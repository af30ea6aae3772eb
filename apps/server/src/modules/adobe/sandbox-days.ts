/** Calendar days as the Adobe sandbox keeps them (`YYYY-MM-DD`, UTC). */
export const DAY = 86_400_000;

export const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/** The same calendar day `years` later (29 February becomes 28 February in a common year). */
export const addYears = (day: string, years: number) => {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const last = new Date(Date.UTC(y + years, m, 0)).getUTCDate();
  return isoDay(new Date(Date.UTC(y + years, m - 1, Math.min(d, last))));
};
