import type { Language } from '@esd/shared/constants';
import { escapeHtml } from './html';
import { portalLink } from './portal-link';

/** The portal's page of an order, as a mail in `lang` links to it. */
export const orderPageLink = (publicUrl: string, orderId: number, lang: Language) =>
  portalLink(publicUrl, `/pages/orders?order=${orderId}`, lang);

/** A mail's closing paragraph: what the link opens, then the link, as text and as HTML. */
export const linkParagraph = (label: string, link: string) => ({
  text: `${label}\n${link}`,
  html: `<p>${escapeHtml(label)} <a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>`,
});
