import { isLanguage, type Language } from '@esd/shared/constants';
import type { FastifyRequest } from 'fastify';

/** A stored language (a user's, an order's) as one of ours; English if it is none. */
export const languageOf = (lang: string): Language => (isLanguage(lang) ? lang : 'en');

/** The language the request names in Accept-Language (its first choice), if one of ours. */
export const headerLanguage = (request: FastifyRequest): Language | undefined => {
  const header = request.headers['accept-language'];
  const first = header?.split(',')[0]?.trim().slice(0, 2).toLowerCase();
  return isLanguage(first) ? first : undefined;
};

/** The language of the answer: the UI's Accept-Language, else the user's own, else English. */
export const requestLanguage = (request: FastifyRequest): Language => {
  const named = headerLanguage(request);
  if (named) return named;
  const own = request.session?.user.lang;
  return isLanguage(own) ? own : 'en';
};

/** Picks the column of a `<name>En/Ru/Az` triple for a language. */
export const pick = <T>(values: { en: T; ru: T; az: T }, lang: Language): T => values[lang];

/** The title of a product (or of an order item's copy of it) in a language. */
export const titleIn = (
  row: { titleEn: string; titleRu: string; titleAz: string },
  lang: Language,
): string => ({ en: row.titleEn, ru: row.titleRu, az: row.titleAz })[lang];
