import { createHash, randomBytes } from 'node:crypto';
import type { PasswordLinkKind } from '@esd/shared/auth/auth.schemas';
import type { Language } from '@esd/shared/constants';
import type { DbOrTx } from '../../db/client';
import { escapeHtml } from '../../lib/html';
import { portalLink } from '../../lib/portal-link';
import { insertResetToken } from './auth.repository';

/** A new account's link stays valid for a week; a reset link for an hour (auth.service). */
const INVITE_LINK_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * Issues a one-time link with which a new (`first`) or reset account chooses its password. Call
 * it in the transaction that creates the account; send the mail after the commit. The link opens
 * /pages/reset-password, which asks GET /api/auth/password-link for its kind (the page is titled
 * "Set your password" for a first one) and sets the password through POST
 * /api/auth/reset-password.
 */
export const issueSetPasswordLink = async (
  db: DbOrTx,
  options: {
    userId: number;
    publicUrl: string;
    kind: PasswordLinkKind;
    /** the language of the mail that carries it: its page opens in that language */
    lang: Language;
    /** the service's clock reading: the link expires `ttlMs` after it */
    now: Date;
    ttlMs?: number;
  },
) => {
  const token = randomBytes(32).toString('base64url');
  await insertResetToken(db, {
    userId: options.userId,
    tokenHash: createHash('sha256').update(token).digest('hex'),
    kind: options.kind,
    expiresAt: new Date(options.now.getTime() + (options.ttlMs ?? INVITE_LINK_TTL_MS)),
  });
  return portalLink(options.publicUrl, `/pages/reset-password?token=${token}`, options.lang);
};

const inviteTexts: Record<Language, { subject: string; intro: string; expiry: string }> = {
  en: {
    subject: 'Your ESD portal account',
    intro:
      'An account on the ESD portal was created for you. Open this link to choose your password:',
    expiry: 'The link works once and expires in 7 days. Your e-mail address is your sign-in name.',
  },
  ru: {
    subject: 'Ваша учётная запись на портале ESD',
    intro: 'Для вас создана учётная запись на портале ESD. Откройте ссылку, чтобы задать пароль:',
    expiry: 'Ссылка одноразовая и действует 7 дней. Для входа используйте свой адрес e-mail.',
  },
  az: {
    subject: 'ESD portalında hesabınız',
    intro: 'Sizin üçün ESD portalında hesab yaradılıb. Şifrənizi seçmək üçün bu keçidi açın:',
    expiry: 'Keçid bir dəfə işləyir və 7 gün etibarlıdır. Giriş adınız e-poçt ünvanınızdır.',
  },
};

/** The mail that hands a new account its set-password link, in the account's language. */
export const accountInviteMail = (lang: Language, name: string, link: string) => {
  const t = inviteTexts[lang];
  const greeting = { en: 'Hello', ru: 'Здравствуйте', az: 'Salam' }[lang];
  return {
    subject: t.subject,
    text: `${greeting}, ${name}!\n\n${t.intro}\n${link}\n\n${t.expiry}\n`,
    html: `<p>${greeting}, ${escapeHtml(name)}!</p><p>${t.intro}</p><p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p><p>${t.expiry}</p>`,
  };
};
