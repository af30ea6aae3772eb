import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Language } from '@esd/shared/constants';
import type { CompanySettings } from '@esd/shared/invoices/invoices.schemas';
import { compareMoney } from '@esd/shared/shop/money';
import PDFDocument from 'pdfkit';

/** Everything an invoice or proforma invoice shows, gathered by invoice.service.ts. */
export type InvoiceData = {
  kind: 'proforma' | 'invoice';
  lang: Language;
  orderId: number;
  /** the document's own date (`YYYY-MM-DD`, Baku): placement for a proforma, payment or placement for an invoice */
  issuedOn: string;
  placedOn: string;
  /** a proforma's last day to pay */
  dueOn: string | null;
  /** a paid cash order's payment day */
  paidOn: string | null;
  onCredit: boolean;
  seller: CompanySettings;
  buyer: {
    name: string;
    email: string;
    company: string | null;
    voen: string | null;
    address: string | null;
  };
  lines: {
    sku: string;
    title: string;
    quantity: number;
    unitUsd: string;
    totalUsd: string;
    adobe: { customerId: string; companyName: string; threeYear: boolean } | null;
  }[];
  totalUsd: string;
  vatPercent: string;
  vatUsd: string;
  surchargePercent: string;
  rate: string;
  rateDate: string | null;
  azn: { net: string; vat: string; total: string };
  refundedAzn: string;
};

const texts = {
  en: {
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
    pricesNote:
      'Prices in USD exclude VAT. AZN amounts are at the bank rate fixed when the order was placed.',
  },
  ru: {
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
    pricesNote:
      'Цены в USD указаны без НДС. Суммы в AZN — по курсу банка, зафиксированному при оформлении заказа.',
  },
  az: {
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
      'USD qiymətləri ƏDV-siz göstərilib. AZN məbləğləri sifariş verilərkən qeydə alınmış bank məzənnəsi ilədir.',
  },
} satisfies Record<Language, unknown>;

/** The invoice's number: the order's, with the portal's prefix. */
const invoiceNumber = (orderId: number) => `ESD-${orderId}`;

/** The name the PDF is saved under. */
export const invoiceFileName = (kind: InvoiceData['kind'], orderId: number) =>
  `${kind === 'proforma' ? 'proforma-invoice' : 'invoice'}-${invoiceNumber(orderId)}.pdf`;

/**
 * An exact decimal string as the document prints it, digits grouped by thousands: `1,234.56`
 * in English, `1 234,56` in Russian and Azerbaijani (no floats: the string is regrouped).
 */
export const formatAmount = (value: string, lang: Language) => {
  const [whole = '0', fraction] = value.replace(/^-/, '').split('.');
  const group = lang === 'en' ? ',' : '\u00a0';
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, group);
  const sign = value.startsWith('-') ? '-' : '';
  return `${sign}${grouped}${fraction === undefined ? '' : (lang === 'en' ? '.' : ',') + fraction}`;
};

/** `YYYY-MM-DD` as the document prints it: `DD.MM.YYYY`, as Azerbaijani papers do. */
export const formatInvoiceDay = (day: string) => day.split('-').reverse().join('.');

/** A percent without trailing zeros: `18.00` → `18`, `2.50` → `2.5`. */
const formatPercentValue = (value: string, lang: Language) =>
  formatAmount(value.replace(/\.?0+$/, ''), lang);

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
export const renderInvoicePdf = (data: InvoiceData): Promise<Buffer> => {
  const t = texts[data.lang];
  const amount = (value: string) => formatAmount(value, data.lang);
  const percent = (value: string) => formatPercentValue(value, data.lang);
  const { regular, bold } = loadFonts();
  const title = data.kind === 'proforma' ? t.proforma : t.invoice;
  const issued = new Date(`${data.issuedOn}T12:00:00Z`);

  const doc = new PDFDocument({
    size: 'A4',
    margin: PAGE.margin,
    bufferPages: true,
    info: {
      Title: `${title} ${invoiceNumber(data.orderId)}`,
      Author: data.seller.name,
      Subject: `${t.order} #${data.orderId}`,
      CreationDate: issued,
      ModDate: issued,
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
    .text(`${t.number} ${invoiceNumber(data.orderId)}`, { width: rightWidth, align: 'right' });
  const facts: [string, string][] = [
    [t.date, formatInvoiceDay(data.issuedOn)],
    [t.order, `#${data.orderId}`],
    [t.placed, formatInvoiceDay(data.placedOn)],
  ];
  if (data.dueOn) facts.push([t.due, formatInvoiceDay(data.dueOn)]);
  if (data.paidOn) facts.push([t.paid, formatInvoiceDay(data.paidOn)]);
  doc.moveDown(0.4).fontSize(9);
  const factWidth = 70;
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
      buyer.address ? `${t.address}: ${buyer.address}` : null,
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
    const skuHeight = doc.heightOfString(line.sku, { width: columns.sku.width - 6 });
    const titleHeight = doc.heightOfString(line.title, { width: productWidth });
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
    cell('sku', line.sku, 'left');
    cell('quantity', String(line.quantity), 'right');
    cell('unit', amount(line.unitUsd), 'right');
    cell('amount', amount(line.totalUsd), 'right');
    doc.text(line.title, left + columns.product.x + 3, y, { width: productWidth });
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
  total(t.subtotalUsd, amount(data.totalUsd));
  total(t.vatUsd(percent(data.vatPercent)), amount(data.vatUsd));
  total(
    t.rate(data.rateDate ? formatInvoiceDay(data.rateDate) : null),
    `1 USD = ${amount(data.rate)} AZN`,
  );
  doc.y += 2;
  rule(doc.y);
  doc.y += 6;
  total(t.netAzn, amount(data.azn.net));
  total(t.vatAzn(percent(data.vatPercent)), amount(data.azn.vat));
  doc.y += 2;
  total(t.totalAzn, amount(data.azn.total), true);
  if (compareMoney(data.refundedAzn, '0') > 0) total(t.refunded, `-${amount(data.refundedAzn)}`);
  const notes = [t.pricesNote];
  if (compareMoney(data.surchargePercent, '0') > 0)
    notes.unshift(t.surcharge(percent(data.surchargePercent)));
  doc.moveDown(0.6);

  // ---- payment instructions (proforma) and the notes
  if (data.kind === 'proforma' && data.dueOn) {
    const text = t.payment(amount(data.azn.total), formatInvoiceDay(data.dueOn), data.orderId);
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
