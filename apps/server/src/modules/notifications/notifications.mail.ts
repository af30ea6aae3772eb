import type { Language } from '@esd/shared/constants';
import { formatAzn, formatDateTime, formatNumber } from '@esd/shared/format/format';
import { formatCount } from '@esd/shared/format/plural';
import { escapeHtml } from '../../lib/html';
import { languageOf } from '../../lib/language';

const texts = {
  en: {
    greeting: 'Hello',
    open: 'Open it on the portal:',
    off: 'You can turn these mails off on your profile page.',
    returnSubject: (orderId: number) => `Return requested in order #${orderId}`,
    returnIntro: (who: string, orderId: number) =>
      `${who} asks to return an item of order #${orderId}. It waits for your decision.`,
    item: 'Item',
    reason: 'Reason',
    partnerSubject: (company: string) => `New partner application: ${company}`,
    partnerIntro: 'A company applied to become a partner. It waits for review.',
    partnerIntroLocal:
      'A company of your countries applied to become a partner. A global administrator reviews it; once approved, the dealer appears among your users.',
    company: 'Company',
    contact: 'Contact',
    country: 'Country',
    digestSubject: (count: number) =>
      `${formatCount(count, 'en', { one: 'cash order waits', other: 'cash orders wait' })} for payment confirmation`,
    digestIntro: 'These cash orders wait for you to confirm their payment:',
    digestMore: (count: number) => `…and ${count} more.`,
    order: 'Order',
    placed: 'placed',
    lowSubject: (sku: string) => `Key stock of ${sku} is under its low-stock threshold`,
    lowIntro: (available: number, threshold: number) =>
      `Only ${formatCount(available, 'en', { one: 'key is', other: 'keys are' })} left, under the low-stock threshold of ${formatNumber(threshold, 'en')}. Import keys before orders have to wait.`,
    product: 'Product',
    prizeSubject: (prize: string) => `Prize claimed: ${prize}`,
    prizeIntro: (dealer: string) =>
      `${dealer} claimed a prize for its event points. It waits to be sent to the address below.`,
    prize: 'Prize',
    event: 'Event',
    dealer: 'Dealer',
    pointsSpent: 'Points spent',
    deliverTo: 'Deliver to',
  },
  ru: {
    greeting: 'Здравствуйте',
    open: 'Откройте на портале:',
    off: 'Эти письма можно отключить на странице профиля.',
    returnSubject: (orderId: number) => `Запрошен возврат по заказу №${orderId}`,
    returnIntro: (who: string, orderId: number) =>
      `${who} просит вернуть позицию заказа №${orderId}. Запрос ждёт вашего решения.`,
    item: 'Позиция',
    reason: 'Причина',
    partnerSubject: (company: string) => `Новая заявка партнёра: ${company}`,
    partnerIntro: 'Компания подала заявку на партнёрство. Она ждёт рассмотрения.',
    partnerIntroLocal:
      'Компания из ваших стран подала заявку на партнёрство. Её рассматривает глобальный администратор; после одобрения дилер появится среди ваших пользователей.',
    company: 'Компания',
    contact: 'Контакт',
    country: 'Страна',
    digestSubject: (count: number) =>
      `Заказов за наличные, ждущих подтверждения оплаты: ${formatNumber(count, 'ru')}`,
    digestIntro: 'Эти заказы за наличные ждут, когда вы подтвердите оплату:',
    digestMore: (count: number) => `…и ещё ${count}.`,
    order: 'Заказ',
    placed: 'оформлен',
    lowSubject: (sku: string) => `Запас ключей ${sku} ниже порога низкого запаса`,
    lowIntro: (available: number, threshold: number) =>
      `Осталось ключей: ${formatNumber(available, 'ru')}, меньше порога низкого запаса (${formatNumber(threshold, 'ru')}). Загрузите ключи, пока заказам не пришлось ждать.`,
    product: 'Продукт',
    prizeSubject: (prize: string) => `Заказан приз: ${prize}`,
    prizeIntro: (dealer: string) =>
      `${dealer} заказал приз за баллы акции. Приз ждёт отправки по адресу ниже.`,
    prize: 'Приз',
    event: 'Акция',
    dealer: 'Дилер',
    pointsSpent: 'Потрачено баллов',
    deliverTo: 'Куда доставить',
  },
  az: {
    greeting: 'Salam',
    open: 'Portalda açın:',
    off: 'Bu məktubları profil səhifənizdə söndürə bilərsiniz.',
    returnSubject: (orderId: number) => `№${orderId} sifarişi üzrə qaytarma istənilib`,
    returnIntro: (who: string, orderId: number) =>
      `${who} №${orderId} sifarişinin mövqeyini qaytarmaq istəyir. Sorğu sizin qərarınızı gözləyir.`,
    item: 'Mövqe',
    reason: 'Səbəb',
    partnerSubject: (company: string) => `Yeni tərəfdaş müraciəti: ${company}`,
    partnerIntro: 'Bir şirkət tərəfdaş olmaq üçün müraciət edib. Müraciət baxılmağı gözləyir.',
    partnerIntroLocal:
      'Ölkələrinizdən bir şirkət tərəfdaş olmaq üçün müraciət edib. Ona qlobal administrator baxır; təsdiqdən sonra diler istifadəçiləriniz arasında görünəcək.',
    company: 'Şirkət',
    contact: 'Əlaqə',
    country: 'Ölkə',
    digestSubject: (count: number) =>
      `Ödənişin təsdiqini gözləyən nağd sifarişlər: ${formatNumber(count, 'az')}`,
    digestIntro: 'Bu nağd sifarişlər ödənişi təsdiqləməyinizi gözləyir:',
    digestMore: (count: number) => `…və daha ${count}.`,
    order: 'Sifariş',
    placed: 'verilib',
    lowSubject: (sku: string) => `${sku} açar ehtiyatı aşağı ehtiyat həddindən azdır`,
    lowIntro: (available: number, threshold: number) =>
      `Cəmi ${formatNumber(available, 'az')} açar qalıb, bu, aşağı ehtiyat həddindən (${formatNumber(threshold, 'az')}) azdır. Sifarişlər gözləməmiş açarları yükləyin.`,
    product: 'Məhsul',
    prizeSubject: (prize: string) => `Hədiyyə sifariş edilib: ${prize}`,
    prizeIntro: (dealer: string) =>
      `${dealer} aksiya xalları ilə hədiyyə sifariş edib. Hədiyyə aşağıdakı ünvana göndərilməyi gözləyir.`,
    prize: 'Hədiyyə',
    event: 'Aksiya',
    dealer: 'Diler',
    pointsSpent: 'Xərclənən xal',
    deliverTo: 'Çatdırılma ünvanı',
  },
} satisfies Record<Language, unknown>;

type Texts = (typeof texts)[Language];
type Recipient = { name: string; lang: string };

/** A mail of a greeting, an introduction, lines of detail and a link, in text and HTML. */
const compose = (
  t: Texts,
  to: Recipient,
  {
    subject,
    intro,
    lines,
    link,
  }: { subject: string; intro: string; lines: string[]; link: string },
) => ({
  subject,
  text: [
    `${t.greeting}, ${to.name}!`,
    '',
    intro,
    '',
    ...lines,
    '',
    t.open,
    link,
    '',
    t.off,
    '',
  ].join('\n'),
  html: [
    `<p>${t.greeting}, ${escapeHtml(to.name)}!</p>`,
    `<p>${escapeHtml(intro)}</p>`,
    lines.length > 0 ? `<ul>${lines.map((l) => `<li>${escapeHtml(l)}</li>`).join('')}</ul>` : '',
    `<p>${t.open} <a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>`,
    `<p><small>${escapeHtml(t.off)}</small></p>`,
  ].join(''),
});

export const returnRequestedMail = (
  to: Recipient,
  request: {
    orderId: number;
    sku: string;
    title: string;
    quantity: number;
    reason: string;
    requestedBy: string;
  },
  link: string,
) => {
  const t = texts[languageOf(to.lang)];
  return compose(t, to, {
    subject: t.returnSubject(request.orderId),
    intro: t.returnIntro(request.requestedBy, request.orderId),
    lines: [
      `${t.item}: ${request.title} (${request.sku}) × ${request.quantity}`,
      `${t.reason}: ${request.reason}`,
    ],
    link,
  });
};

export const partnerApplicationMail = (
  to: Recipient,
  application: { companyName: string; fullName: string; email: string; country: string },
  { link, reviewer }: { link: string; reviewer: boolean },
) => {
  const t = texts[languageOf(to.lang)];
  return compose(t, to, {
    subject: t.partnerSubject(application.companyName),
    intro: reviewer ? t.partnerIntro : t.partnerIntroLocal,
    lines: [
      `${t.company}: ${application.companyName}`,
      `${t.contact}: ${application.fullName} <${application.email}>`,
      `${t.country}: ${application.country}`,
    ],
    link,
  });
};

export const cashDigestMail = (
  to: Recipient,
  digest: {
    orders: { id: number; placedAt: string; totalAzn: string; dealer: string }[];
    total: number;
  },
  link: string,
) => {
  const lang = languageOf(to.lang);
  const t = texts[lang];
  const more = digest.total - digest.orders.length;
  return compose(t, to, {
    subject: t.digestSubject(digest.total),
    intro: t.digestIntro,
    lines: [
      ...digest.orders.map(
        (o) =>
          `${t.order} #${o.id} — ${o.dealer} — ${formatAzn(o.totalAzn, lang)} — ${t.placed} ${formatDateTime(o.placedAt, lang)}`,
      ),
      ...(more > 0 ? [t.digestMore(more)] : []),
    ],
    link,
  });
};

export const lowStockMail = (
  to: Recipient,
  product: { sku: string; title: string; available: number; threshold: number },
  link: string,
) => {
  const t = texts[languageOf(to.lang)];
  return compose(t, to, {
    subject: t.lowSubject(product.sku),
    intro: t.lowIntro(product.available, product.threshold),
    lines: [`${t.product}: ${product.title} (${product.sku})`],
    link,
  });
};

/** A dealer's claim of a prize, for the admins who run events (issue 33). */
export const prizeClaimedMail = (
  to: Recipient,
  claim: {
    dealer: string;
    prize: string;
    event: string;
    pointsSpent: number;
    contactName: string;
    phone: string;
    address: string;
  },
  link: string,
) => {
  const t = texts[languageOf(to.lang)];
  return compose(t, to, {
    subject: t.prizeSubject(claim.prize),
    intro: t.prizeIntro(claim.dealer),
    lines: [
      `${t.prize}: ${claim.prize}`,
      `${t.event}: ${claim.event}`,
      `${t.dealer}: ${claim.dealer}`,
      `${t.pointsSpent}: ${claim.pointsSpent}`,
      `${t.deliverTo}: ${claim.contactName}, ${claim.phone}, ${claim.address}`,
    ],
    link,
  });
};
