import { isLanguage, type Language } from '@esd/shared/constants';
import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { DbOrTx } from '../../db/client';
import { licenceKeys, orderItems, orders, users } from '../../db/schema';
import { escapeHtml } from '../../lib/html';
import { titleIn } from '../../lib/language';
import {
  claimOrderMails,
  confirmOrderMails,
  findOrderMail,
  releaseOrderMails,
} from './order-mail-claims.repository';

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

const languageOf = (lang: string): Language => (isLanguage(lang) ? lang : 'en');

/** The delivered keys of an order, grouped by item, titles in the given language. */
export const loadOrderKeys = async (db: DbOrTx, orderId: number, lang: Language) => {
  const rows = await db
    .select({
      itemId: orderItems.id,
      sku: orderItems.sku,
      titleEn: orderItems.titleEn,
      titleRu: orderItems.titleRu,
      titleAz: orderItems.titleAz,
      quantity: orderItems.quantity,
      key: licenceKeys.key,
    })
    .from(orderItems)
    .innerJoin(licenceKeys, eq(licenceKeys.orderItemId, orderItems.id))
    .where(and(eq(orderItems.orderId, orderId), eq(licenceKeys.status, 'allocated')))
    .orderBy(asc(orderItems.id), asc(licenceKeys.id));
  const items = new Map<number, { title: string; sku: string; quantity: number; keys: string[] }>();
  for (const row of rows) {
    const item = items.get(row.itemId) ?? {
      title: titleIn(row, lang),
      sku: row.sku,
      quantity: row.quantity,
      keys: [],
    };
    item.keys.push(row.key);
    items.set(row.itemId, item);
  }
  return [...items.values()];
};

/** The keys mail of an order, in the buyer's language. */
const keysMail = (
  lang: Language,
  name: string,
  orderId: number,
  items: Awaited<ReturnType<typeof loadOrderKeys>>,
  link: string,
) => {
  const t = texts[lang];
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

const orderLink = (publicUrl: string, orderId: number) =>
  `${publicUrl.replace(/\/$/, '')}/pages/orders?order=${orderId}`;

/** Sends an order's keys to an address, in the buyer's language. Returns false without keys. */
export const mailOrderKeys = async (app: FastifyInstance, orderId: number, to?: string) => {
  const [order] = await app.db
    .select({ id: orders.id, lang: orders.lang, name: users.name, email: users.email })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.buyerId))
    .where(eq(orders.id, orderId));
  if (!order) return null;
  const lang = languageOf(order.lang);
  const items = await loadOrderKeys(app.db, orderId, lang);
  if (items.length === 0) return null;
  const address = to ?? order.email;
  await app.mailer.send({
    to: address,
    ...keysMail(lang, order.name, orderId, items, orderLink(app.config.publicUrl, orderId)),
  });
  return address;
};

export type CompletedOrderMailOutcome = 'sent' | 'already-sent' | 'no-keys' | 'no-order';

/**
 * The automatic keys mail when an order completes. It runs as a pg-boss job, which runs at
 * least once (retries, a worker killed mid-job, a duplicate job), so it first claims the
 * (order, 'keys', buyer) row: whoever claims it sends, every other run sends nothing. A failed
 * send releases the claim and throws, so the job's retry sends. "Send keys" on the order page
 * calls `mailOrderKeys` directly: a deliberate re-send, never blocked by the claim.
 */
export const sendCompletedOrderMail = async (
  app: FastifyInstance,
  orderId: number,
): Promise<CompletedOrderMailOutcome> => {
  const [order] = await app.db
    .select({ buyerId: orders.buyerId })
    .from(orders)
    .where(eq(orders.id, orderId));
  if (!order) return 'no-order';
  const claim = { kind: 'keys' as const, recipientId: order.buyerId };
  const [claimed] = await claimOrderMails(app.db, [orderId], claim);
  if (claimed === undefined) {
    const existing = await findOrderMail(app.db, orderId, claim);
    if (existing?.sentAt) return 'already-sent';
    // another run is sending it now (its outcome decides), or its sender died mid-send: then
    // the mail may be out, and at most once wins, so the retries end in the dead letters
    throw new Error(
      `The keys mail of order #${orderId} is claimed but not confirmed as sent: another run is sending it, or its sender stopped mid-send. If the buyer did not get it, use "Send keys" on the order.`,
    );
  }
  let to: string | null;
  try {
    to = await mailOrderKeys(app, orderId);
  } catch (error) {
    await releaseOrderMails(app.db, [orderId], claim);
    throw error;
  }
  if (!to) {
    await releaseOrderMails(app.db, [orderId], claim);
    return 'no-keys';
  }
  await confirmOrderMails(app.db, [orderId], claim);
  return 'sent';
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
