import { isLanguage, type Language } from '@esd/shared/constants';

/**
 * The language a link names (`?lang=`, as the portal's mails write it, issue 33), and the
 * query without it; null when the link names none of ours.
 */
export const linkLanguage = (search: string): { lang: Language; search: string } | null => {
  const params = new URLSearchParams(search);
  const lang = params.get('lang');
  if (!isLanguage(lang)) return null;
  params.delete('lang');
  const rest = params.toString();
  return { lang, search: rest ? `?${rest}` : '' };
};
