import { bakuDate } from '@esd/shared/baku-time';
import type { Language } from '@esd/shared/constants';
import { aznVatSplit, dueDate, invoiceKind } from '@esd/shared/invoices/invoices.rules';
import { SELL_TYPE } from '@esd/shared/shop/pricing.rules';
import type { Config } from '../../config/env';
import type { Db, DbOrTx } from '../../db/client';
import { AppError } from '../../lib/errors';
import { languageOf, titleIn } from '../../lib/language';
import type { Session } from '../../plugins/auth';
import type { Mailer } from '../../plugins/mail';
import {
  claimOrderMails,
  confirmOrderMails,
  findOrderItems,
  findOrderMail,
  findVisibleOrder,
  type OrderListRow,
  orderNotFound,
  releaseOrderMails,
} from '../orders';
import { readCompanySettings } from '../settings';
import { placedOrderMail } from './invoices.mail';
import {
  formatAmount,
  formatInvoiceDay,
  type InvoiceData,
  invoiceFileName,
  renderInvoicePdf,
} from './invoices.pdf';
import * as repo from './invoices.repository';

const companyMissing = () =>
  new AppError(
    'COMPANY_DETAILS_MISSING',
    "The seller's details are not entered yet, so no invoice can be made. A global admin enters them on Settings → Company.",
  );

/**
 * What the document of an order shows, read in the caller's snapshot (`row` read there too):
 * the order exactly as stored (its lines, USD amounts, rate, VAT and AZN total), the seller's
 * details, the buyer's company. 'no-seller': nobody has entered the company details yet.
 */
const gatherInvoice = async (
  tx: DbOrTx,
  row: OrderListRow,
  lang: Language,
): Promise<InvoiceData | 'cancelled' | 'no-seller'> => {
  const { order } = row;
  const kind = invoiceKind(order);
  if (!kind) return 'cancelled';
  const seller = await readCompanySettings(tx);
  if (!seller) return 'no-seller';
  const items = await findOrderItems(tx, order.id);
  const buyer = await repo.findInvoiceBuyer(tx, order.buyerId);
  const rateDate = await repo.findRateDate(tx, order.createdAt, order.rate);
  const placedOn = bakuDate(order.createdAt);
  const cash = order.sellType === SELL_TYPE.cash;
  const paidAt = cash ? order.paidAt : order.creditSettledAt;
  const country = buyer?.countryEn
    ? titleIn(
        { titleEn: buyer.countryEn, titleRu: buyer.countryRu!, titleAz: buyer.countryAz! },
        lang,
      )
    : null;
  const address = buyer?.addressLine1
    ? [buyer.addressLine1, buyer.addressLine2, buyer.city, buyer.region, buyer.postalCode, country]
        .map((part) => part?.trim() ?? '')
        // a city that is its own region is named once
        .filter((part, index, parts) => part !== '' && part !== parts[index - 1])
        .join(', ')
    : null;
  return {
    kind,
    lang,
    orderId: order.id,
    issuedOn: kind === 'invoice' && cash && order.paidAt ? bakuDate(order.paidAt) : placedOn,
    placedOn,
    dueOn: kind === 'proforma' ? dueDate(placedOn, seller.payment_days) : null,
    paidOn: kind === 'invoice' && paidAt ? bakuDate(paidAt) : null,
    onCredit: !cash,
    seller,
    buyer: {
      name: row.buyer.name,
      email: row.buyer.email,
      company: buyer?.company ?? null,
      voen: buyer?.voen ?? null,
      address,
    },
    lines: items.map((item) => ({
      sku: item.sku,
      title: titleIn(item, lang),
      quantity: item.quantity,
      unitUsd: item.unitUsd,
      totalUsd: item.totalUsd,
      adobe: item.adobe
        ? {
            customerId: item.adobe.customer_id,
            companyName: item.adobe.company_name,
            threeYear: item.adobe.three_year_commitment,
          }
        : null,
    })),
    totalUsd: order.totalUsd,
    vatPercent: order.vatPercent,
    vatUsd: order.vatUsd,
    surchargePercent: order.surchargePercent,
    rate: order.rate,
    rateDate: rateDate ?? null,
    azn: aznVatSplit(order.totalAzn, order.vatPercent),
    refundedAzn: order.refundedAzn,
  };
};

const snapshot = <T>(db: Db, read: (tx: DbOrTx) => Promise<T>) =>
  db.transaction(read, { isolationLevel: 'repeatable read', accessMode: 'read only' });

/** The PDF of an order's invoice and the name to save it under. */
export type InvoiceFile = { filename: string; content: Buffer; kind: InvoiceData['kind'] };

const toFile = async (data: InvoiceData): Promise<InvoiceFile> => ({
  filename: invoiceFileName(data.kind, data.orderId),
  content: await renderInvoicePdf(data),
  kind: data.kind,
});

/** Invoices of orders: the PDF a viewer downloads, seen exactly as `GET /api/orders/{id}`. */
export const createInvoiceService = ({ db }: { db: Db }) => ({
  /**
   * The proforma invoice of a pending cash order, or the invoice of a paid or credit one, for a
   * viewer who may see the order (the order page's scope: 404 otherwise), in `lang` or else
   * the language the buyer ordered in.
   */
  forViewer: async (session: Session, orderId: number, lang?: Language) => {
    const data = await snapshot(db, async (tx) => {
      const row = await findVisibleOrder(tx, session, orderId);
      if (!row) throw orderNotFound();
      return gatherInvoice(tx, row, lang ?? languageOf(row.order.lang));
    });
    if (data === 'cancelled')
      throw new AppError('INVALID_STATE', 'A cancelled order has no invoice.');
    if (data === 'no-seller') throw companyMissing();
    return toFile(data);
  },
});

type MailDeps = { db: Db; mailer: Mailer; config: Pick<Config, 'publicUrl'> };

export type PlacedOrderMailOutcome = 'sent' | 'already-sent' | 'not-pending' | 'no-order';

/**
 * The confirmation mail of a cash order just placed, to its buyer in the language it ordered
 * in, with the proforma invoice attached (without it while the seller's details are missing:
 * the buyer downloads it from the order later). It runs as a job, at least once: the
 * (order, 'proforma', buyer) claim lets one run send it; a failed send releases the claim and
 * throws, so the retry sends. An order paid or cancelled before the job ran gets none.
 */
export const sendPlacedOrderMail = async (
  { db, mailer, config }: MailDeps,
  orderId: number,
): Promise<PlacedOrderMailOutcome> => {
  const row = await repo.findOrder(db, orderId);
  if (!row) return 'no-order';
  if (row.order.status !== 'pending' || row.order.sellType !== SELL_TYPE.cash) return 'not-pending';
  const claim = { kind: 'proforma' as const, recipientId: row.order.buyerId };
  const [claimed] = await claimOrderMails(db, [orderId], claim);
  if (claimed === undefined) {
    if ((await findOrderMail(db, orderId, claim))?.sentAt) return 'already-sent';
    throw new Error(
      `The proforma mail of order #${orderId} is claimed but not confirmed as sent: another run is sending it, or its sender stopped mid-send.`,
    );
  }
  try {
    const lang = languageOf(row.order.lang);
    // the order read again in the snapshot: paid or cancelled since, it has no proforma
    const data = await snapshot(db, async (tx) => {
      const now = await repo.findOrder(tx, orderId);
      return now ? gatherInvoice(tx, now, lang) : 'cancelled';
    });
    // paid or cancelled since the job was queued: no request to pay any more
    if (data === 'cancelled' || (typeof data === 'object' && data.kind !== 'proforma')) {
      await releaseOrderMails(db, [orderId], claim);
      return 'not-pending';
    }
    const file = data === 'no-seller' ? null : await toFile(data);
    await mailer.send({
      to: row.buyer.email,
      ...placedOrderMail({
        lang,
        name: row.buyer.name,
        orderId,
        totalAzn: formatAmount(row.order.totalAzn, lang),
        dueOn: data !== 'no-seller' && data.dueOn ? formatInvoiceDay(data.dueOn) : null,
        publicUrl: config.publicUrl,
      }),
      attachments: file
        ? [{ filename: file.filename, content: file.content, contentType: 'application/pdf' }]
        : [],
    });
  } catch (error) {
    await releaseOrderMails(db, [orderId], claim);
    throw error;
  }
  await confirmOrderMails(db, [orderId], claim);
  return 'sent';
};
