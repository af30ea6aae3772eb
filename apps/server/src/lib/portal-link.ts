import type { Language } from '@esd/shared/constants';

/**
 * A page of the portal as a mail links to it: `PUBLIC_URL` (with or without a `/`), the web
 * route, and the language the mail is written in as `lang`, which the web app adopts when the
 * link is opened, so the page reads as the mail did (issue 33).
 */
export const portalLink = (publicUrl: string, route: string, lang: Language) =>
  `${publicUrl.replace(/\/$/, '')}${route}${route.includes('?') ? '&' : '?'}lang=${lang}`;
