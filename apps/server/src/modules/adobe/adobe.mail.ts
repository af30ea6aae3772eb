import type { Language } from '@esd/shared/constants';
import { formatDate, formatNumber } from '@esd/shared/format/format';
import { formatCount } from '@esd/shared/format/plural';
import { escapeHtml } from '../../lib/html';
import { portalLink } from '../../lib/portal-link';

const licences = { one: 'licence', other: 'licences' };

const texts = {
  en: {
    greeting: 'Hello',
    subject: 'Adobe subscriptions of your customers renew soon',
    intro:
      'These Adobe subscriptions of your customers renew on their anniversary date. Check the quantities and auto-renewal, or buy more licences, before then:',
    line: (s: RenewalMailLine) =>
      `${s.company} — ${s.product} (${s.offerId}): ${formatCount(s.quantity, 'en', licences)}, renews on ${formatDate(s.renewalDate, 'en')}, in ${formatCount(s.daysLeft, 'en', { one: 'day', other: 'days' })}; ${
        s.autoRenew
          ? `auto-renewal on, for ${formatCount(s.renewalQuantity, 'en', licences)}`
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
      `${s.company} — ${s.product} (${s.offerId}): лицензий: ${formatNumber(s.quantity, 'ru')}, продление ${formatDate(s.renewalDate, 'ru')}, дней до продления: ${formatNumber(s.daysLeft, 'ru')}; ${
        s.autoRenew
          ? `автопродление включено, лицензий: ${formatNumber(s.renewalQuantity, 'ru')}`
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
      `${s.company} — ${s.product} (${s.offerId}): ${formatNumber(s.quantity, 'az')} lisenziya, yenilənmə ${formatDate(s.renewalDate, 'az')}, ${formatNumber(s.daysLeft, 'az')} gün qalıb; ${
        s.autoRenew
          ? `avtomatik yenilənmə aktivdir, ${formatNumber(s.renewalQuantity, 'az')} lisenziya üçün`
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
const subscriptionsLink = (publicUrl: string, lang: Language) =>
  portalLink(publicUrl, '/pages/adobe/subscriptions', lang);

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
  const link = subscriptionsLink(publicUrl, lang);
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
