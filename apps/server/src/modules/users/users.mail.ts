import type { Language } from '@esd/shared/constants';
import { escapeHtml } from '../../lib/html';

/** An administrator's reset link lives a day: long enough to reach someone, short for a secret. */
export const ADMIN_RESET_LINK_TTL_MS = 24 * 60 * 60 * 1000;

const texts: Record<Language, { subject: string; intro: string; expiry: string }> = {
  en: {
    subject: 'Choose a new ESD portal password',
    intro:
      'An administrator reset the password of your ESD portal account: the old one no longer works. Open this link to choose a new one:',
    expiry: 'The link works once and expires in 24 hours.',
  },
  ru: {
    subject: 'Задайте новый пароль портала ESD',
    intro:
      'Администратор сбросил пароль вашей учётной записи на портале ESD: прежний пароль больше не действует. Откройте ссылку, чтобы задать новый:',
    expiry: 'Ссылка одноразовая и действует 24 часа.',
  },
  az: {
    subject: 'ESD portalı üçün yeni şifrə seçin',
    intro:
      'İnzibatçı ESD portalındakı hesabınızın şifrəsini sıfırladı: köhnə şifrə artıq işləmir. Yeni şifrə seçmək üçün bu keçidi açın:',
    expiry: 'Keçid bir dəfə işləyir və 24 saat etibarlıdır.',
  },
};

/** The mail with the link an administrator's reset sends, in the account's language. */
export const adminResetMail = (lang: Language, name: string, link: string) => {
  const t = texts[lang];
  const greeting = { en: 'Hello', ru: 'Здравствуйте', az: 'Salam' }[lang];
  return {
    subject: t.subject,
    text: `${greeting}, ${name}!\n\n${t.intro}\n${link}\n\n${t.expiry}\n`,
    html: `<p>${greeting}, ${escapeHtml(name)}!</p><p>${t.intro}</p><p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p><p>${t.expiry}</p>`,
  };
};
