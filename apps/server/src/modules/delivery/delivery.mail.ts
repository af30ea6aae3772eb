import type { Language } from '@esd/shared/constants';
import { escapeHtml } from '../../lib/html';
import { languageOf } from '../../lib/language';

const texts = {
  en: {
    greeting: 'Hello',
    subject: (id: number) => `Your licence keys for order #${id}`,
    intro: (id: number) => `Here are the licence keys of your ESD portal order #${id}.`,
    quantity: 'Quantity',
    open: 'The order, its keys and their activation are also on the portal:',
    lateSubject: 'Licence keys are late',
    lateIntro:
      'These paid order items have been waiting for their keys for more than 3 minutes. Import keys for their products or deliver them by hand:',
    order: 'Order',
    delivered: 'delivered',
  },
  ru: {
    greeting: 'Здравствуйте',
    subject: (id: number) => `Лицензионные ключи по заказу №${id}`,
    intro: (id: number) => `Лицензионные ключи вашего заказа №${id} на портале ESD.`,
    quantity: 'Количество',
    open: 'Заказ, ключи и их активация также доступны на портале:',
    lateSubject: 'Лицензионные ключи задерживаются',
    lateIntro:
      'Эти оплаченные позиции ждут ключей дольше 3 минут. Загрузите ключи для их продуктов или выдайте их вручную:',
    order: 'Заказ',
    delivered: 'выдано',
  },
  az: {
    greeting: 'Salam',
    subject: (id: number) => `№${id} sifarişi üzrə lisenziya açarlarınız`,
    intro: (id: number) => `ESD portalındakı №${id} sifarişinizin lisenziya açarları.`,
    quantity: 'Say',
    open: 'Sifariş, açarlar və onların aktivləşdirilməsi portalda da mövcuddur:',
    lateSubject: 'Lisenziya açarları gecikir',
    lateIntro:
      'Bu ödənilmiş sifariş mövqeləri 3 dəqiqədən çoxdur ki, açarlarını gözləyir. Məhsullar üçün açarları yükləyin və ya onları əl ilə verin:',
    order: 'Sifariş',
    delivered: 'verilib',
  },
} satisfies Record<Language, unknown>;

/** An item of a keys mail: its title in the buyer's language and its keys. */
export type KeysMailItem = { title: string; sku: string; quantity: number; keys: string[] };

const orderLink = (publicUrl: string, orderId: number) =>
  `${publicUrl.replace(/\/$/, '')}/pages/orders?order=${orderId}`;

/** The keys mail of an order, in the buyer's language, linking to the order on the portal. */
export const keysMail = ({
  lang,
  name,
  orderId,
  items,
  publicUrl,
}: {
  lang: Language;
  name: string;
  orderId: number;
  items: KeysMailItem[];
  publicUrl: string;
}) => {
  const t = texts[lang];
  const link = orderLink(publicUrl, orderId);
  const text = [
    `${t.greeting}, ${name}!`,
    '',
    t.intro(orderId),
    '',
    ...items.flatMap((item) => [
      `${item.title} (${item.sku}) — ${t.quantity}: ${item.quantity}`,
      ...item.keys.map((key) => `  ${key}`),
      '',
    ]),
    t.open,
    link,
    '',
  ].join('\n');
  const html = [
    `<p>${t.greeting}, ${escapeHtml(name)}!</p>`,
    `<p>${escapeHtml(t.intro(orderId))}</p>`,
    ...items.map(
      (item) =>
        `<h3>${escapeHtml(item.title)} (${escapeHtml(item.sku)}) — ${t.quantity}: ${item.quantity}</h3><ul>${item.keys
          .map((key) => `<li><code>${escapeHtml(key)}</code></li>`)
          .join('')}</ul>`,
    ),
    `<p>${t.open} <a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>`,
  ].join('');
  return { subject: t.subject(orderId), text, html };
};

export const lateDeliveryMail = (
  admin: { name: string; lang: string },
  items: { orderId: number; sku: string; quantity: number; delivered: number }[],
) => {
  const t = texts[languageOf(admin.lang)];
  const lines = items.map(
    (i) => `${t.order} #${i.orderId}: ${i.sku} — ${i.delivered}/${i.quantity} ${t.delivered}`,
  );
  return {
    subject: t.lateSubject,
    text: [`${t.greeting}, ${admin.name}!`, '', t.lateIntro, '', ...lines, ''].join('\n'),
    html: `<p>${t.greeting}, ${escapeHtml(admin.name)}!</p><p>${escapeHtml(t.lateIntro)}</p><ul>${lines
      .map((l) => `<li>${escapeHtml(l)}</li>`)
      .join('')}</ul>`,
  };
};
