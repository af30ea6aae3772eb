import type { Language } from '@esd/shared/constants';
import { escapeHtml } from '../../lib/html';

type Mail = { subject: string; text: string; html: string };

const greetings: Record<Language, string> = { en: 'Hello', ru: 'Здравствуйте', az: 'Salam' };

/** Paragraphs of plain text; `link`, when given, follows the paragraph at index `after`. */
const compose = (options: {
  lang: Language;
  name: string;
  subject: string;
  paragraphs: string[];
  link?: { url: string; after: number };
}): Mail => {
  const { lang, name, subject, paragraphs, link } = options;
  const greeting = `${greetings[lang]}, ${name}!`;
  const textParts = [greeting];
  const htmlParts = [`<p>${escapeHtml(greeting)}</p>`];
  paragraphs.forEach((paragraph, index) => {
    textParts.push(paragraph);
    htmlParts.push(`<p>${escapeHtml(paragraph).replace(/\n/g, '<br>')}</p>`);
    if (link && link.after === index) {
      textParts.push(link.url);
      const url = escapeHtml(link.url);
      htmlParts.push(`<p><a href="${url}">${url}</a></p>`);
    }
  });
  return { subject, text: `${textParts.join('\n\n')}\n`, html: htmlParts.join('') };
};

const received: Record<Language, { subject: string; body: (company: string) => string[] }> = {
  en: {
    subject: 'We have received your partner application',
    body: (company) => [
      `Thank you for applying to become a partner of the ESD portal on behalf of ${company}.`,
      'Our team will review the application and answer you by e-mail. If it is approved, you will receive a link to set the password of your dealer account.',
    ],
  },
  ru: {
    subject: 'Мы получили вашу заявку на партнёрство',
    body: (company) => [
      `Спасибо за заявку на партнёрство с порталом ESD от имени компании ${company}.`,
      'Наша команда рассмотрит заявку и ответит вам по e-mail. Если заявка будет одобрена, вы получите ссылку, чтобы задать пароль учётной записи дилера.',
    ],
  },
  az: {
    subject: 'Tərəfdaşlıq müraciətinizi aldıq',
    body: (company) => [
      `${company} adından ESD portalının tərəfdaşı olmaq üçün müraciət etdiyiniz üçün təşəkkür edirik.`,
      'Komandamız müraciətə baxacaq və sizə e-poçtla cavab verəcək. Müraciət təsdiqlənərsə, diler hesabınızın şifrəsini təyin etmək üçün keçid alacaqsınız.',
    ],
  },
};

/** Acknowledges a new application, in the applicant's language. */
export const applicationReceivedMail = (
  lang: Language,
  application: { fullName: string; companyName: string },
): Mail =>
  compose({
    lang,
    name: application.fullName,
    subject: received[lang].subject,
    paragraphs: received[lang].body(application.companyName),
  });

const approved: Record<
  Language,
  { subject: string; intro: (company: string) => string; expiry: string }
> = {
  en: {
    subject: 'Welcome to the ESD portal: your partner application is approved',
    intro: (company) =>
      `Your application is approved: ${company} is now a dealer on the ESD portal. Open this link to choose the password of your account:`,
    expiry: 'The link works once and expires in 7 days. Your e-mail address is your sign-in name.',
  },
  ru: {
    subject: 'Добро пожаловать на портал ESD: заявка на партнёрство одобрена',
    intro: (company) =>
      `Ваша заявка одобрена: компания ${company} теперь дилер портала ESD. Откройте ссылку, чтобы задать пароль учётной записи:`,
    expiry: 'Ссылка одноразовая и действует 7 дней. Для входа используйте свой адрес e-mail.',
  },
  az: {
    subject: 'ESD portalına xoş gəlmisiniz: tərəfdaşlıq müraciətiniz təsdiqləndi',
    intro: (company) =>
      `Müraciətiniz təsdiqləndi: ${company} artıq ESD portalında dilerdir. Hesabınızın şifrəsini seçmək üçün bu keçidi açın:`,
    expiry: 'Keçid bir dəfə işləyir və 7 gün etibarlıdır. Giriş adınız e-poçt ünvanınızdır.',
  },
};

/** Welcomes an approved partner with the one-time link that sets its password. */
export const applicationApprovedMail = (
  lang: Language,
  application: { fullName: string; companyName: string },
  link: string,
): Mail => {
  const t = approved[lang];
  return compose({
    lang,
    name: application.fullName,
    subject: t.subject,
    paragraphs: [t.intro(application.companyName), t.expiry],
    link: { url: link, after: 0 },
  });
};

const rejected: Record<
  Language,
  { subject: string; intro: (company: string) => string; reason: string; outro: string }
> = {
  en: {
    subject: 'Your partner application on the ESD portal',
    intro: (company) =>
      `Thank you for your interest. We are sorry, but the partner application of ${company} has been declined.`,
    reason: 'Reason:',
    outro: 'You may apply again once the reason no longer applies.',
  },
  ru: {
    subject: 'Ваша заявка на партнёрство на портале ESD',
    intro: (company) =>
      `Благодарим за интерес. К сожалению, заявка на партнёрство компании ${company} отклонена.`,
    reason: 'Причина:',
    outro: 'Вы можете подать заявку снова, когда причина будет устранена.',
  },
  az: {
    subject: 'ESD portalında tərəfdaşlıq müraciətiniz',
    intro: (company) =>
      `Marağınız üçün təşəkkür edirik. Təəssüf ki, ${company} şirkətinin tərəfdaşlıq müraciəti rədd edildi.`,
    reason: 'Səbəb:',
    outro: 'Səbəb aradan qalxdıqdan sonra yenidən müraciət edə bilərsiniz.',
  },
};

/** Tells the applicant its application was declined, and why, in its language. */
export const applicationRejectedMail = (
  lang: Language,
  application: { fullName: string; companyName: string },
  reason: string,
): Mail => {
  const t = rejected[lang];
  return compose({
    lang,
    name: application.fullName,
    subject: t.subject,
    paragraphs: [t.intro(application.companyName), `${t.reason}\n${reason}`, t.outro],
  });
};

const alreadyKnown: Record<
  Language,
  { subject: string; account: string[]; application: string[]; signIn: string }
> = {
  en: {
    subject: 'A partner application with your e-mail address',
    account: [
      'Someone applied to become a partner of the ESD portal with this e-mail address, which already has an account. No new application was made.',
      'If it was you, sign in with this address; if you forgot the password, ask for a new one on the sign-in page. If it was not you, ignore this e-mail: nothing has changed.',
    ],
    application: [
      'Someone applied to become a partner of the ESD portal with this e-mail address, which already has an application waiting for review or approved. No second application was made.',
      'We answer the first one by e-mail. If it was not you, ignore this e-mail.',
    ],
    signIn: 'Sign in:',
  },
  ru: {
    subject: 'Заявка на партнёрство с вашим адресом e-mail',
    account: [
      'Кто-то подал заявку на партнёрство с порталом ESD с этим адресом e-mail, для которого уже есть учётная запись. Новая заявка не создана.',
      'Если это были вы, войдите с этим адресом; если вы забыли пароль, запросите новый на странице входа. Если это были не вы, просто проигнорируйте письмо: ничего не изменилось.',
    ],
    application: [
      'Кто-то подал заявку на партнёрство с порталом ESD с этим адресом e-mail, для которого уже есть заявка на рассмотрении или одобренная. Вторая заявка не создана.',
      'На первую заявку мы ответим по e-mail. Если это были не вы, просто проигнорируйте письмо.',
    ],
    signIn: 'Вход:',
  },
  az: {
    subject: 'E-poçt ünvanınızla tərəfdaşlıq müraciəti',
    account: [
      'Kimsə artıq hesabı olan bu e-poçt ünvanı ilə ESD portalının tərəfdaşı olmaq üçün müraciət etdi. Yeni müraciət yaradılmadı.',
      'Əgər bu siz idinizsə, bu ünvanla daxil olun; şifrəni unutmusunuzsa, giriş səhifəsində yenisini istəyin. Əgər bu siz deyildinizsə, məktubu nəzərə almayın: heç nə dəyişməyib.',
    ],
    application: [
      'Kimsə baxılmaqda olan və ya təsdiqlənmiş müraciəti olan bu e-poçt ünvanı ilə ESD portalının tərəfdaşı olmaq üçün müraciət etdi. İkinci müraciət yaradılmadı.',
      'Birinci müraciətə e-poçtla cavab verəcəyik. Əgər bu siz deyildinizsə, məktubu nəzərə almayın.',
    ],
    signIn: 'Giriş:',
  },
};

/**
 * Tells the owner of an address that someone applied with it, where the address already has an
 * account or an open application (issue 32: the form no longer says so to whoever typed it).
 */
export const applicationForKnownAddressMail = (
  lang: Language,
  options: { name: string; known: 'account' | 'application'; loginUrl: string },
): Mail => {
  const t = alreadyKnown[lang];
  return compose({
    lang,
    name: options.name,
    subject: t.subject,
    paragraphs: options.known === 'account' ? [...t.account, t.signIn] : [...t.application],
    ...(options.known === 'account' ? { link: { url: options.loginUrl, after: 2 } } : {}),
  });
};
