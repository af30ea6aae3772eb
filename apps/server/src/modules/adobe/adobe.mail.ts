import type { Language } from '@esd/shared/constants';
import { escapeHtml } from '../../lib/html';

const texts = {
  en: {
    greeting: 'Hello',
    subject: 'Adobe subscriptions of your customers renew soon',
    intro:
      'These Adobe subscriptions of your customers renew on their anniversary date. Check the quantities and auto-renewal, or buy more licences, before then:',
    line: (s: RenewalMailLine) =>
      `${s.company} — ${s.product} (${s.offerId}): ${s.quantity} licence(s), renews on ${s.renewalDate}, in ${s.daysLeft} day(s); ${
        s.autoRenew
          ? `auto-renewal on, for ${s.renewalQuantity} licence(s)`
          : 'auto-renewal off: it ends on that date'
      }`,
    open: 'Your Adobe customers and their subscriptions on the portal:',
  },
  ru: {
    greeting: 'Здравствуйте',
    subject: 'Скоро продление подписок Adobe ваших клиентов',
    intro:
      'Эти подписки Adobe ваших клиентов продлеваются в дату годовщины клиента. До этого проверьте количество и автопродление или докупите лицензии:',
    line: (s: RenewalMailLine) =>
      `${s.company} — ${s.product} (${s.offerId}): лицензий: ${s.quantity}, продление ${s.renewalDate}, дней до продления: ${s.daysLeft}; ${
        s.autoRenew
          ? `автопродление включено, лицензий: ${s.renewalQuantity}`
          : 'автопродление выключено: в эту дату подписка закончится'
      }`,
    open: 'Ваши клиенты Adobe и их подписки на портале:',
  },
  az: {
    greeting: 'Salam',
    subject: 'Müştərilərinizin Adobe abunəlikləri tezliklə yenilənir',
    intro:
      'Müştərilərinizin bu Adobe abunəlikləri müştərinin ildönümü tarixində yenilənir. Ondan əvvəl sayı və avtomatik yenilənməni yoxlayın və ya əlavə lisenziya alın:',
    line: (s: RenewalMailLine) =>
      `${s.company} — ${s.product} (${s.offerId}): ${s.quantity} lisenziya, yenilənmə ${s.renewalDate}, ${s.daysLeft} gün qalıb; ${
        s.autoRenew
          ? `avtomatik yenilənmə aktivdir, ${s.renewalQuantity} lisenziya üçün`
          : 'avtomatik yenilənmə söndürülüb: abunəlik həmin tarixdə bitir'
      }`,
    open: 'Adobe müştəriləriniz və onların abunəlikləri portalda:',
  },
} satisfies Record<Language, unknown>;

/** One subscription of a renewal reminder, its product named in the dealer's language. */
export type RenewalMailLine = {
  company: string;
  product: string;
  offerId: string;
  quantity: number;
  renewalQuantity: number;
  autoRenew: boolean;
  renewalDate: string;
  daysLeft: number;
};

/** The page of the dealer's Adobe customers and subscriptions (apps/web config/paths.ts). */
const subscriptionsLink = (publicUrl: string) =>
  `${publicUrl.replace(/\/$/, '')}/pages/adobe/subscriptions`;

/** The renewal reminder of a dealer, in its language, linking to the subscriptions page. */
export const renewalReminderMail = ({
  lang,
  name,
  lines,
  publicUrl,
}: {
  lang: Language;
  name: string;
  lines: RenewalMailLine[];
  publicUrl: string;
}) => {
  const t = texts[lang];
  const link = subscriptionsLink(publicUrl);
  const rows = lines.map(t.line);
  return {
    subject: t.subject,
    text: [`${t.greeting}, ${name}!`, '', t.intro, '', ...rows, '', t.open, link, ''].join('\n'),
    html: [
      `<p>${t.greeting}, ${escapeHtml(name)}!</p>`,
      `<p>${escapeHtml(t.intro)}</p>`,
      `<ul>${rows.map((row) => `<li>${escapeHtml(row)}</li>`).join('')}</ul>`,
      `<p>${escapeHtml(t.open)} <a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>`,
    ].join(''),
  };
};
