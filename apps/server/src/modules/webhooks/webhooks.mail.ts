import type { Language } from '@esd/shared/constants';
import { formatDateTime } from '@esd/shared/format/format';
import { escapeHtml } from '../../lib/html';
import { languageOf } from '../../lib/language';

const texts = {
  en: {
    greeting: 'Hello',
    subject: 'Your webhook endpoint was disabled',
    intro: (url: string) =>
      `For three days the portal could not deliver events to your webhook endpoint ${url}, so it has been disabled and gets no new events.`,
    last: 'Last attempt',
    error: 'Last error',
    action:
      'Fix the receiver, then enable the endpoint again in Settings → Webhooks and send the missed deliveries again from its delivery log:',
  },
  ru: {
    greeting: 'Здравствуйте',
    subject: 'Ваш адрес вебхуков отключён',
    intro: (url: string) =>
      `Три дня портал не мог доставить события на ваш адрес вебхуков ${url}, поэтому он отключён и новые события на него не отправляются.`,
    last: 'Последняя попытка',
    error: 'Последняя ошибка',
    action:
      'Исправьте приёмник, затем снова включите адрес в разделе «Настройки → Вебхуки» и отправьте пропущенные доставки повторно из журнала доставок:',
  },
  az: {
    greeting: 'Salam',
    subject: 'Vebhuk ünvanınız söndürüldü',
    intro: (url: string) =>
      `Üç gün ərzində portal hadisələri ${url} vebhuk ünvanınıza çatdıra bilmədi, buna görə ünvan söndürüldü və ona yeni hadisələr göndərilmir.`,
    last: 'Son cəhd',
    error: 'Son xəta',
    action:
      'Qəbuledicini düzəldin, sonra «Parametrlər → Vebhuklar» bölməsində ünvanı yenidən yandırın və buraxılmış çatdırılmaları çatdırılma jurnalından yenidən göndərin:',
  },
} satisfies Record<Language, unknown>;

/** The mail to a dealer whose endpoint gave up after three days of failed deliveries. */
export const endpointDisabledMail = (
  to: { name: string; lang: string },
  endpoint: { url: string; lastAttemptAt: Date; lastError: string },
  link: string,
) => {
  const lang = languageOf(to.lang);
  const t = texts[lang];
  const lines = [
    `${t.last}: ${formatDateTime(endpoint.lastAttemptAt.toISOString(), lang)}`,
    `${t.error}: ${endpoint.lastError}`,
  ];
  return {
    subject: t.subject,
    text: [
      `${t.greeting}, ${to.name}!`,
      '',
      t.intro(endpoint.url),
      '',
      ...lines,
      '',
      t.action,
      link,
      '',
    ].join('\n'),
    html: [
      `<p>${t.greeting}, ${escapeHtml(to.name)}!</p>`,
      `<p>${escapeHtml(t.intro(endpoint.url))}</p>`,
      `<ul>${lines.map((l) => `<li>${escapeHtml(l)}</li>`).join('')}</ul>`,
      `<p>${escapeHtml(t.action)} <a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>`,
    ].join(''),
  };
};
