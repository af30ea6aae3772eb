import type { SettingsListQuery } from '@esd/shared/catalogue/settings.schemas';
import { asc, desc, ilike, or, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

/** ORDER BY for a settings list: the requested known column (else the default), then a tiebreak. */
export const listOrder = (
  query: Pick<SettingsListQuery, 'sort' | 'order'>,
  columns: Record<string, PgColumn | SQL>,
  fallback: string,
  tiebreak: PgColumn,
): SQL[] => {
  const column = (query.sort && columns[query.sort]) || columns[fallback]!;
  const direction = query.order === 'desc' ? desc : asc;
  return [direction(column), direction(tiebreak)];
};

export const offsetOf = (query: Pick<SettingsListQuery, 'page' | 'perPage'>) =>
  (query.page - 1) * query.perPage;

/** `%text%` for LIKE, with the user's own % and _ taken literally. */
export const containsPattern = (text: string) =>
  `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** WHERE for a settings list's search: `q` anywhere in any of the columns; none without `q`. */
export const matchesAny = (q: string | undefined, columns: PgColumn[]) => {
  if (!q) return undefined;
  const pattern = containsPattern(q);
  return or(...columns.map((column) => ilike(column, pattern)));
};

/** A record's three names as the settings answer them, from their columns. */
export const namesOf = (row: { nameEn: string; nameRu: string; nameAz: string }) => ({
  en: row.nameEn,
  ru: row.nameRu,
  az: row.nameAz,
});

/** A record's three names as their columns hold them. */
export const nameColumns = (name: { en: string; ru: string; az: string }) => ({
  nameEn: name.en,
  nameRu: name.ru,
  nameAz: name.az,
});
