import { createHash, randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { libraryDocuments, news, targets, users } from '../db/schema';

const daysAgo = (days: number) => new Date(Date.now() - days * 24 * 60 * 60 * 1000);

const gdId = async (tx: Tx) => {
  const [gd] = await tx
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, 'gd@example.com'));
  return gd?.id ?? null;
};

/** Three published articles and one draft, in three languages. */
export const seedNews = async (tx: Tx) => {
  const authorId = await gdId(tx);
  await tx.insert(news).values([
    {
      titleEn: 'New price list for the first quarter',
      titleRu: 'Новый прайс-лист на первый квартал',
      titleAz: 'Birinci rüb üçün yeni qiymət siyahısı',
      bodyEn:
        'The price list for the new quarter is in the library under Price lists.\n\nDealer prices of Microsoft 365 plans stay the same; Kaspersky and ESET renewals are about 3% lower. Orders placed before the end of the month keep the current prices.',
      bodyRu:
        'Прайс-лист на новый квартал доступен в библиотеке, в разделе «Прайс-листы».\n\nДилерские цены на планы Microsoft 365 не меняются; продления Kaspersky и ESET стали дешевле примерно на 3%. Заказы, оформленные до конца месяца, сохраняют текущие цены.',
      bodyAz:
        'Yeni rüb üçün qiymət siyahısı kitabxanada, «Qiymət siyahıları» bölməsindədir.\n\nMicrosoft 365 planlarının diler qiymətləri dəyişmir; Kaspersky və ESET yeniləmələri təxminən 3% ucuzlaşıb. Ay sonunadək verilən sifarişlər cari qiymətləri saxlayır.',
      status: 'published',
      publishAt: daysAgo(2),
      authorId,
    },
    {
      titleEn: 'Licence keys now arrive within seconds',
      titleRu: 'Лицензионные ключи теперь приходят за секунды',
      titleAz: 'Lisenziya açarları indi saniyələr ərzində gəlir',
      bodyEn:
        'Keys of products in stock are now delivered as soon as an order is paid or placed on credit, usually within seconds.\n\nIf a product runs out of keys, the item waits and our team is alerted; delivery resumes automatically when new keys arrive.',
      bodyRu:
        'Ключи товаров, которые есть на складе, теперь выдаются сразу после оплаты или оформления заказа в кредит, обычно за несколько секунд.\n\nЕсли ключи товара закончились, позиция ожидает, а наша команда получает уведомление; выдача продолжится автоматически, когда ключи поступят.',
      bodyAz:
        'Anbarda olan məhsulların açarları indi sifariş ödənilən və ya kreditlə verilən kimi, adətən bir neçə saniyəyə çatdırılır.\n\nMəhsulun açarları bitərsə, mövqe gözləyir və komandamız xəbərdar edilir; yeni açarlar gələndə çatdırılma avtomatik davam edir.',
      status: 'published',
      publishAt: daysAgo(9),
      authorId,
    },
    {
      titleEn: 'Adobe three-year commitment for volume buyers',
      titleRu: 'Трёхлетнее обязательство Adobe для крупных покупателей',
      titleAz: 'Böyük alıcılar üçün Adobe üçillik öhdəliyi',
      bodyEn:
        'Customers buying 10 or more Adobe licences can lock their price level for three years.\n\nChoose the three-year commitment when you get a price for an Adobe customer; the option is available from a quantity of 10.',
      bodyRu:
        'Клиенты, покупающие 10 и более лицензий Adobe, могут закрепить уровень цен на три года.\n\nВыберите трёхлетнее обязательство при запросе цены для клиента Adobe; опция доступна от 10 лицензий.',
      bodyAz:
        '10 və daha çox Adobe lisenziyası alan müştərilər qiymət səviyyəsini üç il üçün sabitləyə bilər.\n\nAdobe müştərisi üçün qiymət alarkən üçillik öhdəliyi seçin; seçim 10 lisenziyadan başlayaraq mövcuddur.',
      status: 'published',
      publishAt: daysAgo(20),
      authorId,
    },
    {
      titleEn: 'Partner conference in Baku (draft)',
      titleRu: 'Партнёрская конференция в Баку (черновик)',
      titleAz: 'Bakıda tərəfdaş konfransı (qaralama)',
      bodyEn: 'Date, venue and agenda to be confirmed.',
      bodyRu: 'Дата, место и программа будут подтверждены.',
      bodyAz: 'Tarix, məkan və proqram təsdiqlənəcək.',
      status: 'draft',
      publishAt: daysAgo(0),
      authorId,
    },
  ]);
};

/** A minimal valid one-page PDF showing the given lines. */
const minimalPdf = (lines: string[]): Buffer => {
  const text = lines
    .map(
      (line, i) =>
        `BT /F1 ${i === 0 ? 16 : 11} Tf 56 ${760 - i * 22} Td (${line.replace(/[()\\]/g, '')}) Tj ET`,
    )
    .join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${Buffer.byteLength(text, 'latin1')} >>\nstream\n${text}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(Buffer.byteLength(body, 'latin1'));
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body, 'latin1');
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
};

type DemoDocument = {
  title: string;
  description: string;
  category: 'price_list' | 'certificate' | 'guide' | 'other';
  lang: 'en' | 'ru' | 'az';
  fileName: string;
  mimeType: string;
  ext: string;
  bytes: Buffer;
};

const demoDocuments = (): DemoDocument[] => [
  {
    title: 'Dealer price list',
    description: 'Dealer prices in USD, VAT excluded, of every product in the catalogue.',
    category: 'price_list',
    lang: 'en',
    fileName: 'esd-dealer-price-list.csv',
    mimeType: 'text/csv',
    ext: 'csv',
    bytes: Buffer.from(
      'sku,product,dealer_price_usd\nMS-365-BS-1Y,Microsoft 365 Business Standard (1 year),132.00\nKAV-STD-1Y,Kaspersky Standard (1 year),21.50\nESET-HOME-1Y,ESET Home Security Essential (1 year),24.90\n',
    ),
  },
  {
    title: 'Authorised distributor certificate',
    description: 'Confirms the distributor status for Azerbaijan and Georgia.',
    category: 'certificate',
    lang: 'en',
    fileName: 'authorised-distributor-certificate.pdf',
    mimeType: 'application/pdf',
    ext: 'pdf',
    bytes: minimalPdf([
      'Authorised distributor certificate',
      'ESD Distribution is an authorised distributor of the listed vendors',
      'for the territories of Azerbaijan and Georgia.',
    ]),
  },
  {
    title: 'Руководство по заказу ключей',
    description: 'Как оформить заказ, оплатить его и получить лицензионные ключи.',
    category: 'guide',
    lang: 'ru',
    fileName: 'ordering-guide-ru.pdf',
    mimeType: 'application/pdf',
    ext: 'pdf',
    bytes: minimalPdf([
      'Ordering guide',
      '1. Add products to the basket.',
      '2. Check out in cash or on credit.',
      '3. Keys arrive on the order page within minutes.',
    ]),
  },
  {
    title: 'Açarların aktivləşdirilməsi üzrə təlimat',
    description: 'Lisenziya açarlarının aktivləşdirilməsi və müştəriyə göndərilməsi.',
    category: 'guide',
    lang: 'az',
    fileName: 'activation-guide-az.pdf',
    mimeType: 'application/pdf',
    ext: 'pdf',
    bytes: minimalPdf([
      'Activation guide',
      'Mark a key as activated on the order page,',
      'or e-mail it to your customer.',
    ]),
  },
];

/** Library documents, stored like uploads: random names under DATA_DIR/library. */
export const seedLibrary = async (tx: Tx, dataDir: string) => {
  const dir = path.join(dataDir, 'library');
  await mkdir(dir, { recursive: true });
  const uploadedBy = await gdId(tx);
  for (const doc of demoDocuments()) {
    const storedName = `${randomBytes(16).toString('hex')}.${doc.ext}`;
    await writeFile(path.join(dir, storedName), doc.bytes, { flag: 'wx' });
    await tx.insert(libraryDocuments).values({
      title: doc.title,
      description: doc.description,
      category: doc.category,
      lang: doc.lang,
      fileName: doc.fileName,
      storedName,
      mimeType: doc.mimeType,
      sizeBytes: doc.bytes.length,
      sha256: createHash('sha256').update(doc.bytes).digest('hex'),
      uploadedBy,
    });
  }
};

/** The demo dealer's target for the current quarter (Baku time), if none is set yet. */
export const seedTargets = async (tx: Tx) => {
  const [dealer] = await tx
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, 'dealer@example.com'));
  if (!dealer) return;
  const baku = new Date(Date.now() + 4 * 60 * 60 * 1000);
  await tx
    .insert(targets)
    .values({
      dealerId: dealer.id,
      year: baku.getUTCFullYear(),
      quarter: Math.floor(baku.getUTCMonth() / 3) + 1,
      amountUsd: '15000.00',
      note: 'Quarterly sales goal',
      createdBy: await gdId(tx),
    })
    .onConflictDoNothing();
};
