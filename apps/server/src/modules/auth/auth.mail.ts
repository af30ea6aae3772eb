import type { Language } from '@esd/shared/constants';
import { escapeHtml } from '../../lib/html';

const resetTexts: Record<
  Language,
  { subject: string; intro: string; expiry: string; ignore: string }
> = {
  en: {
    subject: 'Reset your ESD portal password',
    intro:
      'Someone asked to reset the password of your ESD portal account. Open this link to choose a new one:',
    expiry: 'The link works once and expires in one hour.',
    ignore: 'If it was not you, ignore this e-mail: your password stays as it is.',
  },
  ru: {
    subject: 'Сброс пароля портала ESD',
    intro:
      'Поступил запрос на сброс пароля вашей учётной записи на портале ESD. Откройте ссылку, чтобы задать новый пароль:',
    expiry: 'Ссылка одноразовая и действует один час.',
    ignore: 'Если это были не вы, просто проигнорируйте письмо: пароль останется прежним.',
  },
  az: {
    subject: 'ESD portalı şifrənizin bərpası',
    intro:
      'ESD portalındakı hesabınızın şifrəsinin bərpası istənilib. Yeni şifrə seçmək üçün bu keçidi açın:',
    expiry: 'Keçid bir dəfə işləyir və bir saat ərzində etibarlıdır.',
    ignore: 'Əgər bu siz deyildinizsə, məktubu nəzərə almayın: şifrəniz dəyişməz qalır.',
  },
};

export const passwordResetMail = (lang: Language, name: string, link: string) => {
  const t = resetTexts[lang];
  const greeting = { en: 'Hello', ru: 'Здравствуйте', az: 'Salam' }[lang];
  return {
    subject: t.subject,
    text: `${greeting}, ${name}!\n\n${t.intro}\n${link}\n\n${t.expiry}\n${t.ignore}\n`,
    html: `<p>${greeting}, ${escapeHtml(name)}!</p><p>${t.intro}</p><p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p><p>${t.expiry}<br>${t.ignore}</p>`,
  };
};
