import type { Language } from '@esd/shared/constants';
import { escapeHtml } from '../../lib/html';
import { languageOf } from '../../lib/language';
import { linkParagraph, orderPageLink } from '../../lib/order-link';

const texts = {
  en: {
    greeting: 'Hello',
    subject: (id: number) => `Your licence keys for order #${id}`,
    intro: (id: number) => `Here are the licence keys of your ESD portal order #${id}.`,
    quantity: 'Quantity',
    open: 'The order, its keys and their activation are also on the portal:',
    forwardedIntro: (sender: string, id: number) =>
      `${sender} sent you the licence keys of order #${id} from the ESD portal.`,
    forwardedNote: 'If you did not expect these keys, you can ignore this e-mail.',
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
    forwardedIntro: (sender: string, id: number) =>
      `${sender} передаёт вам лицензионные ключи заказа №${id} с портала ESD.`,
    forwardedNote: 'Если вы не ждали этих ключей, просто проигнорируйте письмо.',
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
    forwardedIntro: (sender: string, id: number) =>
      `${sender} sizə ESD portalındakı №${id} sifarişinin lisenziya açarlarını göndərib.`,
    forwardedNote: 'Bu açarları gözləmirdinizsə, məktubu nəzərə almayın.',
    lateSubject: 'Lisenziya açarları gecikir',
    lateIntro:
      'Bu ödənilmiş sifariş mövqeləri 3 dəqiqədən çoxdur ki, açarlarını gözləyir. Məhsullar üçün açarları yükləyin və ya onları əl ilə verin:',
    order: 'Sifariş',
    delivered: 'verilib',
  },
} satisfies Record<Language, unknown>;

/** An item of a keys mail: its title in the buyer's language and its keys. */
export type KeysMailItem = { title: string; sku: string; quantity: number; keys: string[] };

/**
 * Whom a keys mail goes to: the buyer (greeted by name, linked to its order), or another
 * address the buyer sent them to (issue 33): greeted by its name only when it has an account
 * of its own, told whose keys they are, and given no link to a portal it may not open.
 */
export type KeysMailRecipient =
  | { kind: 'buyer'; name: string }
  | { kind: 'other'; name: string | null; sender: string };

const greetingOf = (t: (typeof texts)[Language], name: string | null) =>
  name ? `${t.greeting}, ${name}!` : `${t.greeting}!`;

/** The keys mail of an order, in the buyer's language; the buyer's links to the order. */
export const keysMail = ({
  lang,
  to,
  orderId,
  items,
  publicUrl,
}: {
  lang: Language;
  to: KeysMailRecipient;
  orderId: number;
  items: KeysMailItem[];
  publicUrl: string;
}) => {
  const t = texts[lang];
  const isBuyer = to.kind === 'buyer';
  const intro = isBuyer ? t.intro(orderId) : t.forwardedIntro(to.sender, orderId);
  const closing = isBuyer
    ? linkParagraph(t.open, orderPageLink(publicUrl, orderId, lang))
    : { text: t.forwardedNote, html: `<p>${escapeHtml(t.forwardedNote)}</p>` };
  const text = [
    greetingOf(t, to.name),
    '',
    intro,
    '',
    ...items.flatMap((item) => [
      `${item.title} (${item.sku}) — ${t.quantity}: ${item.quantity}`,
      ...item.keys.map((key) => `  ${key}`),
      '',
    ]),
    closing.text,
    '',
  ].join('\n');
  const html = [
    `<p>${escapeHtml(greetingOf(t, to.name))}</p>`,
    `<p>${escapeHtml(intro)}</p>`,
    ...items.map(
      (item) =>
        `<h3>${escapeHtml(item.title)} (${escapeHtml(item.sku)}) — ${t.quantity}: ${item.quantity}</h3><ul>${item.keys
          .map((key) => `<li><code>${escapeHtml(key)}</code></li>`)
          .join('')}</ul>`,
    ),
    closing.html,
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
