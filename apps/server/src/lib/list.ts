import type { SettingsListQuery } from '@esd/shared/catalogue/settings.schemas';
import { asc, desc, type SQL } from 'drizzle-orm';
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
