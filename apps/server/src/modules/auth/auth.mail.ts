import type { Language } from '@esd/shared/constants';
import { formatNumber } from '@esd/shared/format/format';
import { formatCount } from '@esd/shared/format/plural';
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

const signInsRu = {
  one: 'попытка входа',
  few: 'попытки входа',
  many: 'попыток входа',
  other: 'попытки входа',
};

const guessingTexts: Record<
  Language,
  { subject: string; body: (failures: number) => string; safe: string; act: string }
> = {
  en: {
    subject: 'Someone is trying to sign in to your ESD portal account',
    body: (failures) =>
      `In the last 24 hours ${formatCount(failures, 'en', { one: 'sign-in', other: 'sign-ins' })} to your ESD portal account failed with a wrong password.`,
    safe: 'Your account is not locked: you can still sign in as usual, and the addresses that keep guessing are slowed down.',
    act: 'If it was not you, make sure your password is strong and not used anywhere else; you can change it on your profile page.',
  },
  ru: {
    subject: 'Кто-то пытается войти в вашу учётную запись портала ESD',
    body: (failures) =>
      `За последние 24 часа ${formatCount(failures, 'ru', signInsRu)} в вашу учётную запись портала ESD не удались из-за неверного пароля.`,
    safe: 'Учётная запись не заблокирована: вы можете входить как обычно, а адреса, с которых подбирают пароль, замедляются.',
    act: 'Если это были не вы, убедитесь, что пароль надёжный и нигде больше не используется; сменить его можно на странице профиля.',
  },
  az: {
    subject: 'Kimsə ESD portalındakı hesabınıza daxil olmağa çalışır',
    body: (failures) =>
      `Son 24 saatda ESD portalındakı hesabınıza ${formatNumber(failures, 'az')} giriş cəhdi yanlış şifrə ilə uğursuz oldu.`,
    safe: 'Hesabınız bloklanmayıb: həmişəki kimi daxil ola bilərsiniz, şifrəni təxmin etməyə çalışan ünvanlar isə ləngidilir.',
    act: 'Əgər bu siz deyildinizsə, şifrənizin güclü olduğuna və başqa yerdə istifadə edilmədiyinə əmin olun; onu profil səhifənizdə dəyişə bilərsiniz.',
  },
};

/** The owner's once-a-day notice that its account is being guessed at (issue 32). */
export const guessingAlertMail = (lang: Language, name: string, failures: number) => {
  const t = guessingTexts[lang];
  const greeting = { en: 'Hello', ru: 'Здравствуйте', az: 'Salam' }[lang];
  const body = t.body(failures);
  return {
    subject: t.subject,
    text: `${greeting}, ${name}!\n\n${body}\n\n${t.safe}\n${t.act}\n`,
    html: `<p>${greeting}, ${escapeHtml(name)}!</p><p>${body}</p><p>${t.safe}<br>${t.act}</p>`,
  };
};
