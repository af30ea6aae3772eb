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

const factorTexts: Record<Language, { subject: string; body: string }> = {
  en: {
    subject: 'The second factors of your ESD portal account were reset',
    body: 'An administrator removed the authenticator app, passkeys and recovery codes of your ESD portal account, and signed it out everywhere. Sign in with your password and set up a second factor again. If you did not ask for this, tell your administrator at once.',
  },
  ru: {
    subject: 'Вторые факторы вашей учётной записи на портале ESD сброшены',
    body: 'Администратор удалил приложение-аутентификатор, ключи доступа и коды восстановления вашей учётной записи на портале ESD и завершил все её сеансы. Войдите с паролем и снова настройте второй фактор. Если вы об этом не просили, сразу сообщите администратору.',
  },
  az: {
    subject: 'ESD portalındakı hesabınızın ikinci faktorları sıfırlandı',
    body: 'İnzibatçı ESD portalındakı hesabınızın autentifikator tətbiqini, giriş açarlarını və bərpa kodlarını sildi və bütün seanslarını bitirdi. Şifrənizlə daxil olun və ikinci faktoru yenidən qurun. Bunu siz istəməmisinizsə, dərhal inzibatçınıza bildirin.',
  },
};

/** The mail that tells an owner an administrator reset its second factors, in its language. */
export const secondFactorsResetMail = (lang: Language, name: string) => {
  const t = factorTexts[lang];
  const greeting = { en: 'Hello', ru: 'Здравствуйте', az: 'Salam' }[lang];
  return {
    subject: t.subject,
    text: `${greeting}, ${name}!\n\n${t.body}\n`,
    html: `<p>${greeting}, ${escapeHtml(name)}!</p><p>${t.body}</p>`,
  };
};
