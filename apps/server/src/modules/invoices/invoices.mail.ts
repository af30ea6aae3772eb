import type { Language } from '@esd/shared/constants';
import { escapeHtml } from '../../lib/html';
import { linkParagraph, orderPageLink } from '../../lib/order-link';

const texts = {
  en: {
    placedRate: (rateOn: string | null, payOn: string) =>
      `The AZN amount is at the bank's USD rate${rateOn ? ` of ${rateOn}` : ''} and is due if paid on ${payOn}. Paid on another day, the AZN amount follows the bank's rate of the day of payment; the invoice then states the amount fixed.`,
    greeting: 'Hello',
    placedSubject: (id: number) => `Order #${id} received: proforma invoice`,
    placedIntro: (id: number) => `Thank you for your ESD portal order #${id}.`,
    placedPay: (total: string, due: string) =>
      `Please pay ${total} AZN by bank transfer by ${due}. The proforma invoice attached gives the seller's bank account; put the order number as the payment reference.`,
    placedPayLater: (total: string) =>
      `Please pay ${total} AZN by bank transfer. The proforma invoice with the seller's bank account can be downloaded from the order on the portal.`,
    placedKeys: 'The licence keys are delivered as soon as the payment is confirmed.',
    placedOpen: 'The order and its proforma invoice are on the portal:',
  },
  ru: {
    placedRate: (rateOn: string | null, payOn: string) =>
      `Сумма в AZN указана по курсу банка USD${rateOn ? ` на ${rateOn}` : ''} и действительна при оплате ${payOn}. При оплате в другой день сумма в AZN пересчитывается по курсу банка на день оплаты; итоговая счёт-фактура указывает зафиксированную сумму.`,
    greeting: 'Здравствуйте',
    placedSubject: (id: number) => `Заказ №${id} принят: счёт на оплату`,
    placedIntro: (id: number) => `Спасибо за ваш заказ №${id} на портале ESD.`,
    placedPay: (total: string, due: string) =>
      `Просим оплатить ${total} AZN банковским переводом до ${due}. Реквизиты продавца указаны в приложенном счёте на оплату; в назначении платежа укажите номер заказа.`,
    placedPayLater: (total: string) =>
      `Просим оплатить ${total} AZN банковским переводом. Счёт на оплату с реквизитами продавца можно скачать на странице заказа на портале.`,
    placedKeys: 'Лицензионные ключи выдаются сразу после подтверждения оплаты.',
    placedOpen: 'Заказ и счёт на оплату доступны на портале:',
  },
  az: {
    placedRate: (rateOn: string | null, payOn: string) =>
      `AZN məbləği bankın${rateOn ? ` ${rateOn} tarixinə` : ''} USD məzənnəsi ilədir və ${payOn} tarixində ödənildikdə qüvvədədir. Başqa gün ödənildikdə AZN məbləği ödəniş gününün bank məzənnəsi ilə hesablanır; yekun hesab-faktura qeydə alınmış məbləği göstərir.`,
    greeting: 'Salam',
    placedSubject: (id: number) => `№${id} sifarişi qəbul edildi: proforma hesab-faktura`,
    placedIntro: (id: number) => `ESD portalındakı №${id} sifarişiniz üçün təşəkkür edirik.`,
    placedPay: (total: string, due: string) =>
      `Zəhmət olmasa ${total} AZN məbləğini ${due} tarixinədək bank köçürməsi ilə ödəyin. Satıcının bank rekvizitləri əlavə olunmuş proforma hesab-fakturadadır; ödənişin təyinatında sifariş nömrəsini göstərin.`,
    placedPayLater: (total: string) =>
      `Zəhmət olmasa ${total} AZN məbləğini bank köçürməsi ilə ödəyin. Satıcının rekvizitləri olan proforma hesab-fakturanı portalda sifariş səhifəsindən yükləyə bilərsiniz.`,
    placedKeys: 'Lisenziya açarları ödəniş təsdiqlənən kimi verilir.',
    placedOpen: 'Sifariş və onun proforma hesab-fakturası portaldadır:',
  },
} satisfies Record<Language, unknown>;

/**
 * The mail of a cash order just placed, in the buyer's language: what to pay and by when, with
 * the proforma invoice attached (`dueOn` null: no seller's details yet, so nothing attached).
 */
export const placedOrderMail = ({
  lang,
  name,
  orderId,
  totalAzn,
  dueOn,
  rateOn,
  payOn,
  publicUrl,
}: {
  lang: Language;
  name: string;
  orderId: number;
  /** as the document prints it */
  totalAzn: string;
  dueOn: string | null;
  /** the day of the bank rate the amount is at, and the day it is due at that amount */
  rateOn: string | null;
  payOn: string;
  publicUrl: string;
}) => {
  const t = texts[lang];
  const open = linkParagraph(t.placedOpen, orderPageLink(publicUrl, orderId, lang));
  const pay = dueOn ? t.placedPay(totalAzn, dueOn) : t.placedPayLater(totalAzn);
  const paragraphs = [
    `${t.greeting}, ${name}!`,
    t.placedIntro(orderId),
    pay,
    t.placedRate(rateOn, payOn),
    t.placedKeys,
  ];
  return {
    subject: t.placedSubject(orderId),
    text: [...paragraphs, open.text, ''].join('\n\n'),
    html: [...paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`), open.html].join(''),
  };
};
