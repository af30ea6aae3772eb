/** A whole-number share for a legend: 2 of 3 → 67. */
export const sharePercent = (part: number, total: number) =>
  total === 0 ? 0 : Math.round((part * 100) / total);
