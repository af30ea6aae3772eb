import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Language } from '@esd/shared/constants';
import {
  formatDate,
  formatDecimalString,
  formatExactDecimal,
  formatPercent,
} from '@esd/shared/format/format';
import type { DocumentKind, DocumentSnapshot } from '@esd/shared/invoices/invoices.schemas';
import { compareMoney } from '@esd/shared/shop/money';
import PDFDocument from 'pdfkit';

/** What a document is rendered from: its frozen snapshot, its number and time of issue. */
export type DocumentToRender = {
  snapshot: DocumentSnapshot;
  number: string;
  /** the real time of issue: the PDF's creation date */
  issuedAt: Date;
  lang: Language;
};

const texts = {
  en: {
    creditNote: 'Credit note',
    refersTo: 'To invoice',
    totalRefundUsd: 'Refunded excl. VAT, USD',
    totalRefundAzn: 'Total refunded, AZN',
    creditNoteNote:
      'This credit note reduces the invoice it refers to by the amounts above: the money is paid back, or restored to the credit of a credit order.',
    proformaRate: (rateOn: string | null, payOn: string) =>
      `AZN amounts are at the bank's USD rate${rateOn ? ` of ${rateOn}` : ''} and are due if paid on ${payOn}. Paid on another day, the AZN amount follows the bank's rate of the day of payment; the invoice then states the amount fixed.`,
    proforma: 'Proforma invoice',
    invoice: 'Invoice',
    number: 'No.',
    date: 'Date',
    order: 'Order',
    placed: 'Order date',
    due: 'Due date',
    paid: 'Paid on',
    credit: 'Sold on credit',
    seller: 'Seller',
    buyer: 'Buyer',
    voen: 'VÖEN',
    address: 'Address',
    phone: 'Phone',
    contact: 'Contact',
    bank: 'Bank',
    account: 'Account / IBAN',
    swift: 'SWIFT / code',
    product: 'Product',
    quantity: 'Qty',
    unit: 'Unit price, USD',
    amount: 'Amount, USD',
    adobeCustomer: 'Adobe customer',
    commitment: '3-year commitment',
    subtotalUsd: 'Total excl. VAT, USD',
    vatUsd: (p: string) => `VAT ${p}%, USD`,
    surcharge: (p: string) => `Includes the credit surcharge of ${p}%.`,
    rate: (date: string | null) => (date ? `Bank rate of ${date}` : 'Bank rate'),
    netAzn: 'Net, AZN',
    vatAzn: (p: string) => `VAT ${p}%, AZN`,
    totalAzn: 'Total to pay, AZN',
    refunded: 'Refunded on returns, AZN',
    paymentTitle: 'Payment instructions',
    payment: (total: string, due: string, id: number) =>
      `Please transfer ${total} AZN to the seller's account above by ${due}. Put "Order #${id}" as the payment reference. The licence keys are delivered as soon as the payment is confirmed.`,
    proformaNote: 'This proforma invoice is a request for payment, not a tax invoice.',
    pricesNote: 'Prices in USD exclude VAT. AZN amounts are at the bank rate stated above.',
  },
  ru: {
    creditNote: 'Кредит-нота',
    refersTo: 'К счёт-фактуре',
    totalRefundUsd: 'Возвращено без НДС, USD',
    totalRefundAzn: 'Итого возвращено, AZN',
    creditNoteNote:
      'Эта кредит-нота уменьшает указанную счёт-фактуру на суммы выше: деньги возвращаются покупателю или восстанавливаются в кредитном лимите.',
    proformaRate: (rateOn: string | null, payOn: string) =>
      `Суммы в AZN указаны по курсу банка USD${rateOn ? ` на ${rateOn}` : ''} и действительны при оплате ${payOn}. При оплате в другой день сумма в AZN пересчитывается по курсу банка на день оплаты; итоговая счёт-фактура указывает зафиксированную сумму.`,
    proforma: 'Счёт на оплату (проформа)',
    invoice: 'Счёт-фактура',
    number: '№',
    date: 'Дата',
    order: 'Заказ',
    placed: 'Дата заказа',
    due: 'Оплатить до',
    paid: 'Оплачен',
    credit: 'Продан в кредит',
    seller: 'Продавец',
    buyer: 'Покупатель',
    voen: 'VÖEN (ИНН)',
    address: 'Адрес',
    phone: 'Телефон',
    contact: 'Контакт',
    bank: 'Банк',
    account: 'Счёт / IBAN',
    swift: 'SWIFT / код банка',
    product: 'Товар',
    quantity: 'Кол-во',
    unit: 'Цена, USD',
    amount: 'Сумма, USD',
    adobeCustomer: 'Клиент Adobe',
    commitment: 'обязательство на 3 года',
    subtotalUsd: 'Итого без НДС, USD',
    vatUsd: (p: string) => `НДС ${p}%, USD`,
    surcharge: (p: string) => `Включает надбавку за кредит ${p}%.`,
    rate: (date: string | null) => (date ? `Курс банка на ${date}` : 'Курс банка'),
    netAzn: 'Без НДС, AZN',
    vatAzn: (p: string) => `НДС ${p}%, AZN`,
    totalAzn: 'Итого к оплате, AZN',
    refunded: 'Возвращено по возвратам, AZN',
    paymentTitle: 'Порядок оплаты',
    payment: (total: string, due: string, id: number) =>
      `Просим перечислить ${total} AZN на указанный выше счёт продавца до ${due}. В назначении платежа укажите «Заказ №${id}». Лицензионные ключи выдаются сразу после подтверждения оплаты.`,
    proformaNote: 'Проформа — это счёт на оплату, а не налоговый документ.',
    pricesNote: 'Цены в USD указаны без НДС. Суммы в AZN — по указанному выше курсу банка.',
  },
  az: {
    creditNote: 'Kredit-nota',
    refersTo: 'Hesab-fakturaya',
    totalRefundUsd: 'ƏDV-siz geri qaytarılıb, USD',
    totalRefundAzn: 'Geri qaytarılan cəmi, AZN',
    creditNoteNote:
      'Bu kredit-nota istinad etdiyi hesab-fakturanı yuxarıdakı məbləğlər qədər azaldır: pul geri ödənilir və ya kredit limitinə qaytarılır.',
    proformaRate: (rateOn: string | null, payOn: string) =>
      `AZN məbləğləri bankın${rateOn ? ` ${rateOn} tarixinə` : ''} USD məzənnəsi ilədir və ${payOn} tarixində ödənildikdə qüvvədədir. Başqa gün ödənildikdə AZN məbləği ödəniş gününün bank məzənnəsi ilə hesablanır; yekun hesab-faktura qeydə alınmış məbləği göstərir.`,
    proforma: 'Proforma hesab-faktura',
    invoice: 'Hesab-faktura',
    number: '№',
    date: 'Tarix',
    order: 'Sifariş',
    placed: 'Sifariş tarixi',
    due: 'Son ödəniş tarixi',
    paid: 'Ödənilib',
    credit: 'Kreditlə satılıb',
    seller: 'Satıcı',
    buyer: 'Alıcı',
    voen: 'VÖEN',
    address: 'Ünvan',
    phone: 'Telefon',
    contact: 'Əlaqə',
    bank: 'Bank',
    account: 'Hesab / IBAN',
    swift: 'SWIFT / bank kodu',
    product: 'Məhsul',
    quantity: 'Say',
    unit: 'Qiymət, USD',
    amount: 'Məbləğ, USD',
    adobeCustomer: 'Adobe müştərisi',
    commitment: '3 illik öhdəlik',
    subtotalUsd: 'ƏDV-siz cəmi, USD',
    vatUsd: (p: string) => `ƏDV ${p}%, USD`,
    surcharge: (p: string) => `${p}% kredit əlavəsi daxildir.`,
    rate: (date: string | null) => (date ? `${date} tarixinə bank məzənnəsi` : 'Bank məzənnəsi'),
    netAzn: 'ƏDV-siz, AZN',
    vatAzn: (p: string) => `ƏDV ${p}%, AZN`,
    totalAzn: 'Ödəniləcək cəmi, AZN',
    refunded: 'Qaytarmalar üzrə geri ödənilib, AZN',
    paymentTitle: 'Ödəniş qaydası',
    payment: (total: string, due: string, id: number) =>
      `Zəhmət olmasa ${total} AZN məbləğini ${due} tarixinədək satıcının yuxarıdakı hesabına köçürün. Ödənişin təyinatında «Sifariş №${id}» göstərin. Lisenziya açarları ödəniş təsdiqlənən kimi verilir.`,
    proformaNote: 'Proforma hesab-faktura ödəniş tələbidir, vergi sənədi deyil.',
    pricesNote:
      'USD qiymətləri ƏDV-siz göstərilib. AZN məbləğləri yuxarıda göstərilən bank məzənnəsi ilədir.',
  },
} satisfies Record<Language, unknown>;

const fileWords = {
  proforma: 'proforma-invoice',
  invoice: 'invoice',
  credit_note: 'credit-note',
} as const satisfies Record<DocumentKind, string>;

/** The name the PDF is saved under: `invoice-INV-2026-000123.pdf`. */
export const documentFileName = (kind: DocumentKind, number: string) =>
  `${fileWords[kind]}-${number}.pdf`;

const require = createRequire(import.meta.url);
let fonts: { regular: Buffer; bold: Buffer } | undefined;

/**
 * DejaVu Sans, from the `dejavu-fonts-ttf` package (never the system's fonts): it has every
 * Azerbaijani and Cyrillic letter. pdfkit embeds only the glyphs a document uses.
 */
const loadFonts = () => {
  fonts ??= {
    regular: readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf')),
    bold: readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf')),
  };
  return fonts;
};

const PAGE = { width: 595.28, height: 841.89, margin: 48 };
const CONTENT_WIDTH = PAGE.width - 2 * PAGE.margin;
const INK = '#1a1b1e';
const MUTED = '#5c5f66';
const RULE = '#ced4da';
const SHADE = '#f1f3f5';

/**
 * The font size, 9 pt or less, at which `text` fits `width` on one line: a SKU is read and
 * typed as one word, so it is set smaller rather than broken (issue 33).
 */
const fittingSize = (doc: PDFKit.PDFDocument, text: string, width: number, size = 9) => {
  const natural = doc.fontSize(size).widthOfString(text);
  return natural <= width ? size : Math.max(5, Math.floor(((size * width) / natural) * 10) / 10);
};

/** The columns of the lines table: x offset from the margin and width. */
const columns = {
  index: { x: 0, width: 22 },
  sku: { x: 22, width: 92 },
  product: { x: 114, width: 190 },
  quantity: { x: 304, width: 45 },
  unit: { x: 349, width: 75 },
  amount: { x: 424, width: CONTENT_WIDTH - 424 },
};

/**
 * Lays out an invoice or a proforma invoice on A4 pages: the title and dates, the seller and
 * the buyer, the lines in USD without VAT, the USD and AZN totals at the order's bank rate, the
 * bank account, and for a proforma the payment instructions with the due date.
 */
export const renderDocumentPdf = ({
  snapshot: data,
  number,
  issuedAt,
  lang,
}: DocumentToRender): Promise<Buffer> => {
  const t = texts[lang];
  // one formatter with the screens and the mails (issue 33): '2,618.88', '2 618,88', '2.618,88'
  const amount = (value: string) => formatDecimalString(value, lang);
  const percent = (value: string) => formatPercent(value, lang);
  const day = (value: string) => formatDate(value, lang);
  const { regular, bold } = loadFonts();
  const title = { proforma: t.proforma, invoice: t.invoice, credit_note: t.creditNote }[data.kind];
  const creditNote = data.kind === 'credit_note';

  const doc = new PDFDocument({
    size: 'A4',
    margin: PAGE.margin,
    bufferPages: true,
    info: {
      Title: `${title} ${number}`,
      Author: data.seller.name,
      Subject: `${t.order} #${data.orderId}`,
      // the real time of issue: a download tomorrow is the same document, to the byte
      CreationDate: issuedAt,
      ModDate: issuedAt,
    },
  });
  doc.registerFont('regular', regular);
  doc.registerFont('bold', bold);
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const left = PAGE.margin;
  const bottom = PAGE.height - PAGE.margin;
  const ensureRoom = (height: number) => {
    if (doc.y + height > bottom) doc.addPage();
  };
  const rule = (y: number, color = RULE) =>
    doc
      .moveTo(left, y)
      .lineTo(left + CONTENT_WIDTH, y)
      .lineWidth(0.7)
      .strokeColor(color)
      .stroke();

  // ---- heading: title, number and dates on the right, the seller's name on the left
  const top = doc.y;
  doc.font('bold').fontSize(14).fillColor(INK).text(data.seller.name, left, top, { width: 240 });
  doc
    .font('regular')
    .fontSize(9)
    .fillColor(MUTED)
    .text(`${t.voen}: ${data.seller.voen}`, { width: 240 })
    .text(data.seller.address, { width: 240 })
    .text(`${t.phone}: ${data.seller.phone}`, { width: 240 });
  const leftEnd = doc.y;

  const rightX = left + 250;
  const rightWidth = CONTENT_WIDTH - 250;
  // the title on one line: a long one (Russian) is set smaller rather than wrapped
  let titleSize = 18;
  doc.font('bold').fontSize(titleSize);
  while (doc.widthOfString(title) > rightWidth && titleSize > 12) doc.fontSize(--titleSize);
  doc.fillColor(INK).text(title, rightX, top, { width: rightWidth, align: 'right' });
  doc
    .font('regular')
    .fontSize(10)
    .text(`${t.number} ${number}`, { width: rightWidth, align: 'right' });
  const facts: [string, string][] = [
    [t.date, day(data.issuedOn)],
    [t.order, `#${data.orderId}`],
    [t.placed, day(data.placedOn)],
  ];
  if (data.refersTo) facts.push([t.refersTo, data.refersTo]);
  if (data.dueOn) facts.push([t.due, day(data.dueOn)]);
  if (data.paidOn) facts.push([t.paid, day(data.paidOn)]);
  doc.moveDown(0.4).fontSize(9);
  // wide enough for a document's number (`INV-2026-000123`) on one line
  const factWidth = 100;
  for (const [label, value] of facts) {
    const y = doc.y;
    const strong = label === t.due;
    doc
      .font(strong ? 'bold' : 'regular')
      .fillColor(strong ? INK : MUTED)
      .text(`${label}:`, rightX, y, { width: rightWidth - factWidth - 6, align: 'right' });
    doc
      .font(strong ? 'bold' : 'regular')
      .fillColor(INK)
      .text(value, rightX + rightWidth - factWidth, y, { width: factWidth, align: 'right' });
    doc.y = Math.max(doc.y, y + 12);
  }
  if (data.onCredit)
    doc
      .font('bold')
      .fillColor(INK)
      .text(t.credit, rightX, doc.y, { width: rightWidth, align: 'right' });

  doc.y = Math.max(leftEnd, doc.y) + 14;
  rule(doc.y);
  doc.y += 10;

  // ---- the parties: seller (with its bank) and buyer side by side
  const partiesTop = doc.y;
  const half = CONTENT_WIDTH / 2 - 10;
  const party = (x: number, heading: string, rows: (string | null)[], name: string) => {
    doc.font('bold').fontSize(8).fillColor(MUTED).text(heading.toUpperCase(), x, partiesTop, {
      width: half,
      characterSpacing: 0.5,
    });
    doc.moveDown(0.2).font('bold').fontSize(10).fillColor(INK).text(name, { width: half });
    doc.font('regular').fontSize(9);
    for (const row of rows) if (row) doc.text(row, { width: half });
    return doc.y;
  };
  const sellerEnd = party(
    left,
    t.seller,
    [
      `${t.voen}: ${data.seller.voen}`,
      `${t.bank}: ${data.seller.bank_name}`,
      `${t.account}: ${data.seller.iban}`,
      `${t.swift}: ${data.seller.swift}`,
    ],
    data.seller.name,
  );
  const { buyer } = data;
  const buyerEnd = party(
    left + half + 20,
    t.buyer,
    [
      buyer.voen ? `${t.voen}: ${buyer.voen}` : null,
      buyer.address ? `${t.address}: ${buyer.address[lang]}` : null,
      `${t.contact}: ${buyer.company ? `${buyer.name}, ` : ''}${buyer.email}`,
    ],
    buyer.company ?? buyer.name,
  );
  doc.x = left;
  doc.y = Math.max(sellerEnd, buyerEnd) + 16;

  // ---- the lines
  const headerRow = () => {
    const y = doc.y;
    doc.rect(left, y, CONTENT_WIDTH, 18).fill(SHADE);
    doc.font('bold').fontSize(8).fillColor(MUTED);
    const cell = (column: keyof typeof columns, text: string, align: 'left' | 'right') =>
      doc.text(text, left + columns[column].x + 3, y + 5, {
        width: columns[column].width - 6,
        align,
        lineBreak: false,
      });
    cell('index', '#', 'left');
    cell('sku', 'SKU', 'left');
    cell('product', t.product, 'left');
    cell('quantity', t.quantity, 'right');
    cell('unit', t.unit, 'right');
    cell('amount', t.amount, 'right');
    doc.y = y + 22;
  };
  headerRow();
  data.lines.forEach((line, index) => {
    const details = line.adobe
      ? `${t.adobeCustomer}: ${line.adobe.companyName} (${line.adobe.customerId})${line.adobe.threeYear ? `, ${t.commitment}` : ''}`
      : null;
    const productWidth = columns.product.width - 6;
    doc.font('regular').fontSize(9);
    const skuSize = fittingSize(doc, line.sku, columns.sku.width - 6);
    const skuHeight = doc.fontSize(skuSize).heightOfString(line.sku, { lineBreak: false });
    doc.fontSize(9);
    const lineTitle = line.title[lang];
    const titleHeight = doc.heightOfString(lineTitle, { width: productWidth });
    const detailsHeight = details
      ? doc.fontSize(8).heightOfString(details, { width: productWidth }) + 2
      : 0;
    const height = Math.max(skuHeight, titleHeight + detailsHeight);
    ensureRoom(height + 10);
    if (doc.y === PAGE.margin) headerRow();
    const y = doc.y;
    const cell = (column: keyof typeof columns, text: string, align: 'left' | 'right') =>
      doc.text(text, left + columns[column].x + 3, y, {
        width: columns[column].width - 6,
        align,
      });
    doc.font('regular').fontSize(9).fillColor(INK);
    cell('index', String(index + 1), 'left');
    // a SKU is one word: never broken over two lines (a long one is set smaller to fit)
    doc.fontSize(skuSize).text(line.sku, left + columns.sku.x + 3, y, { lineBreak: false });
    doc.fontSize(9);
    cell('quantity', String(line.quantity), 'right');
    cell('unit', amount(line.unitUsd), 'right');
    cell('amount', amount(line.totalUsd), 'right');
    doc.text(lineTitle, left + columns.product.x + 3, y, { width: productWidth });
    if (details)
      doc
        .moveDown(0.1)
        .fontSize(8)
        .fillColor(MUTED)
        .text(details, left + columns.product.x + 3, doc.y, { width: productWidth });
    doc.y = Math.max(doc.y, y + height) + 5;
    rule(doc.y);
    doc.y += 5;
  });

  // ---- the totals, right-aligned under the amounts
  const totalsX = left + 190;
  const totalsWidth = CONTENT_WIDTH - 190;
  const valueWidth = 120;
  const total = (label: string, value: string, strong = false) => {
    ensureRoom(24);
    const y = doc.y;
    doc
      .font(strong ? 'bold' : 'regular')
      .fontSize(strong ? 11 : 9)
      .fillColor(strong ? INK : MUTED)
      .text(label, totalsX, y, { width: totalsWidth - valueWidth - 6 });
    const labelEnd = doc.y;
    doc.fillColor(INK).text(value, totalsX + totalsWidth - valueWidth, y, {
      width: valueWidth,
      align: 'right',
    });
    doc.y = Math.max(doc.y, labelEnd) + 3;
  };
  doc.y += 4;
  total(creditNote ? t.totalRefundUsd : t.subtotalUsd, amount(data.totalUsd));
  total(t.vatUsd(percent(data.vatPercent)), amount(data.vatUsd));
  total(
    t.rate(data.rateDate ? day(data.rateDate) : null),
    `1 USD = ${formatExactDecimal(data.rate, lang)} AZN`,
  );
  doc.y += 2;
  rule(doc.y);
  doc.y += 6;
  total(t.netAzn, amount(data.azn.net));
  total(t.vatAzn(percent(data.vatPercent)), amount(data.azn.vat));
  doc.y += 2;
  total(creditNote ? t.totalRefundAzn : t.totalAzn, amount(data.azn.total), true);
  if (data.kind === 'invoice' && compareMoney(data.refundedAzn, '0') > 0)
    total(t.refunded, `-${amount(data.refundedAzn)}`);
  const rateOn = data.rateDate ? day(data.rateDate) : null;
  const notes = [
    {
      proforma: t.proformaRate(rateOn, day(data.issuedOn)),
      invoice: t.pricesNote,
      credit_note: t.creditNoteNote,
    }[data.kind],
  ];
  if (compareMoney(data.surchargePercent, '0') > 0)
    notes.unshift(t.surcharge(percent(data.surchargePercent)));
  doc.moveDown(0.6);

  // ---- payment instructions (proforma) and the notes
  if (data.kind === 'proforma' && data.dueOn) {
    const text = t.payment(amount(data.azn.total), day(data.dueOn), data.orderId);
    doc.font('regular').fontSize(9);
    const height = doc.heightOfString(text, { width: CONTENT_WIDTH - 20 }) + 34;
    ensureRoom(height + 8);
    const y = doc.y;
    doc.rect(left, y, CONTENT_WIDTH, height).lineWidth(1).strokeColor(INK).stroke();
    doc
      .font('bold')
      .fontSize(10)
      .fillColor(INK)
      .text(t.paymentTitle, left + 10, y + 9, { width: CONTENT_WIDTH - 20 });
    doc
      .moveDown(0.3)
      .font('regular')
      .fontSize(9)
      .text(text, left + 10, doc.y, { width: CONTENT_WIDTH - 20 });
    doc.x = left;
    doc.y = y + height + 10;
    notes.push(t.proformaNote);
  }
  doc.font('regular').fontSize(8).fillColor(MUTED);
  for (const note of notes) {
    ensureRoom(14);
    doc.text(note, left, doc.y, { width: CONTENT_WIDTH });
  }

  doc.end();
  return done;
};
