import { bakuDate } from '@esd/shared/baku-time';
import type { Language } from '@esd/shared/constants';
import { formatDate, formatDecimalString } from '@esd/shared/format/format';
import { invoiceKind } from '@esd/shared/invoices/invoices.rules';
import {
  type DocumentKind,
  documentSnapshotSchema,
  type OrderDocument,
} from '@esd/shared/invoices/invoices.schemas';
import { SELL_TYPE } from '@esd/shared/shop/pricing.rules';
import type { Config } from '../../config/env';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { type Clock, systemClock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import { languageOf } from '../../lib/language';
import type { Session } from '../../plugins/auth';
import type { Mailer } from '../../plugins/mail';
import {
  claimOrderMails,
  confirmOrderMails,
  findOrderMail,
  findVisibleOrder,
  type OrderListRow,
  orderNotFound,
  releaseOrderMails,
} from '../orders';
import { placedOrderMail } from './invoices.mail';
import { documentFileName, renderDocumentPdf } from './invoices.pdf';
import * as repo from './invoices.repository';
import { gatherSnapshot, type Item } from './invoices.snapshot';

const companyMissing = () =>
  new AppError(
    'COMPANY_DETAILS_MISSING',
    "The seller's details are not entered yet, so no invoice can be made. A global admin enters them on Settings → Company.",
  );

type Order = OrderListRow['order'];

/** A cash order waiting for its payment is asked to pay by a proforma invoice. */
const isProformaDue = (order: Order) =>
  order.sellType === SELL_TYPE.cash && order.status === 'pending';

/**
 * An order is invoiced once its money is received or drawn: a cash order when its payment is
 * confirmed, a credit order when placed. It keeps its invoice if cancelled afterwards.
 */
const isInvoiceDue = (order: Order) =>
  order.status !== 'pending' && (order.sellType === SELL_TYPE.credit || order.paidAt !== null);

type DocumentDeps = { db: Db; clock: Clock };

/** A write of the caller's run in a document's statement (`insertNumberedDocument`). */
type Alongside = Parameters<typeof repo.insertNumberedDocument>[2];

/** Numbers and stores one document, frozen from what `gatherSnapshot` reads now. */
const issueDocument = async (
  tx: Tx,
  clock: Clock,
  row: OrderListRow,
  document: { kind: DocumentKind; refersTo?: string; refund?: repo.RefundRow },
  known?: Parameters<typeof gatherSnapshot>[3],
  alongside?: Alongside,
) => {
  const issuedAt = clock.now();
  const snapshot = await gatherSnapshot(tx, row, { ...document, issuedAt }, known);
  if (snapshot === 'no-seller') return null;
  const year = Number(bakuDate(issuedAt).slice(0, 4));
  return repo.insertNumberedDocument(
    tx,
    {
      orderId: row.order.id,
      kind: document.kind,
      year,
      movementId: document.refund?.id ?? null,
      amountAzn: snapshot.azn.total,
      snapshot,
      issuedAt,
    },
    alongside,
  );
};

/**
 * Issues every document the order is due and does not have yet, in one transaction holding the
 * order's row, so two processes at once issue each document once: the proforma of a cash order
 * awaiting payment, the invoice of a paid or credit order, and once invoiced a credit note per
 * refund of its money trail. Run when the order is placed, paid or refunded, and again before
 * any download (what a crash in between missed is issued then). Without the seller's details
 * nothing is issued.
 */
export const issueDueDocuments = ({ db, clock }: DocumentDeps, orderId: number) =>
  db.transaction(async (tx) => {
    if (!(await repo.lockOrderForIssue(tx, orderId))) return;
    const row = await repo.findOrder(tx, orderId);
    if (!row) return;
    const { order } = row;
    if (isProformaDue(order) && !(await repo.findDocumentOfKind(tx, orderId, 'proforma')))
      await issueDocument(tx, clock, row, { kind: 'proforma' });
    if (!isInvoiceDue(order)) return;
    const invoice =
      (await repo.findDocumentOfKind(tx, orderId, 'invoice')) ??
      (await issueDocument(tx, clock, row, { kind: 'invoice' }));
    if (!invoice) return;
    for (const { movement } of await repo.findRefundsWithoutCreditNote(tx, orderId)) {
      const note = await issueDocument(tx, clock, row, {
        kind: 'credit_note',
        refersTo: invoice.number,
        refund: movement,
      });
      if (!note) return;
    }
  });

/**
 * The invoice of an order placed on credit, issued in the transaction of the checkout that
 * placed it, from the rows that checkout wrote (issue 35: no transaction of its own, nothing
 * read again): the order is invoiced when it is placed, as `issueDueDocuments` would issue it
 * right after. Nobody else can see the order before that transaction commits, so it cannot
 * have a document yet. The document counter stays locked until the checkout commits: call it
 * last. Answers whether it issued the invoice (not without the seller's details; then
 * `issueDueDocuments` issues it once they are entered, as for any order). `alongside`, a write
 * of the checkout's (its kept answer), runs in the invoice's statement when the invoice is
 * issued, one round trip fewer under the checkout's locks; answered false, it has not run.
 */
export const issuePlacedOrderInvoice = async (
  tx: Tx,
  clock: Clock,
  /** `parties`: the value of `invoicePartiesColumn(buyer)`, read in the same transaction */
  placed: { row: OrderListRow; items: Item[]; parties: unknown; alongside?: Alongside },
) => {
  if (!isInvoiceDue(placed.row.order)) return false;
  const invoice = await issueDocument(
    tx,
    clock,
    placed.row,
    { kind: 'invoice' },
    { items: placed.items, parties: repo.invoicePartiesFrom(placed.parties) },
    placed.alongside,
  );
  return invoice !== null;
};

/** A stored document as a PDF in a language, with the name to save it under. */
export type InvoiceFile = { filename: string; content: Buffer; kind: DocumentKind };

const renderStored = async (document: repo.OrderDocumentRow, lang: Language) => ({
  filename: documentFileName(document.kind, document.number),
  content: await renderDocumentPdf({
    snapshot: documentSnapshotSchema.parse(document.snapshot),
    number: document.number,
    issuedAt: document.issuedAt,
    lang,
  }),
  kind: document.kind,
});

const requireVisible = async (db: DbOrTx, session: Session, orderId: number) => {
  const row = await findVisibleOrder(db, session, orderId);
  if (!row) throw orderNotFound();
  return row;
};

/** Documents of orders: issued when due, listed and downloaded as `GET /api/orders/{id}` is seen. */
export const createInvoiceService = (deps: DocumentDeps) => ({
  /**
   * The order's current document (issue 21's contract): the proforma invoice of a pending cash
   * order, or the invoice of a paid or credit one, for a viewer who may see the order (404
   * otherwise), in `lang` or else the language the buyer ordered in.
   */
  forViewer: async (session: Session, orderId: number, lang?: Language): Promise<InvoiceFile> => {
    const { order } = await requireVisible(deps.db, session, orderId);
    const kind = invoiceKind(order);
    if (!kind) throw new AppError('INVALID_STATE', 'A cancelled order has no invoice.');
    await issueDueDocuments(deps, orderId);
    const document = await repo.findDocumentOfKind(deps.db, orderId, kind);
    if (!document) throw companyMissing();
    return renderStored(document, lang ?? languageOf(order.lang));
  },

  /** The order's documents of record, oldest first (issuing what is due and missing). */
  list: async (session: Session, orderId: number): Promise<OrderDocument[]> => {
    await requireVisible(deps.db, session, orderId);
    await issueDueDocuments(deps, orderId);
    return (await repo.findDocuments(deps.db, orderId)).map((document) => ({
      kind: document.kind,
      number: document.number,
      issued_at: document.issuedAt.toISOString(),
      amount: document.amountAzn,
      refers_to: documentSnapshotSchema.parse(document.snapshot).refersTo,
    }));
  },

  /** One document of the order by its number, as issued, in `lang` or the buyer's language. */
  download: async (
    session: Session,
    orderId: number,
    number: string,
    lang?: Language,
  ): Promise<InvoiceFile> => {
    const { order } = await requireVisible(deps.db, session, orderId);
    let document = await repo.findDocumentByNumber(deps.db, orderId, number);
    if (!document) {
      await issueDueDocuments(deps, orderId);
      document = await repo.findDocumentByNumber(deps.db, orderId, number);
    }
    if (!document) throw new AppError('NOT_FOUND', 'This order has no document of that number.');
    return renderStored(document, lang ?? languageOf(order.lang));
  },
});

type MailDeps = {
  db: Db;
  mailer: Mailer;
  config: Pick<Config, 'publicUrl'>;
  /** when the proforma is issued, if this run issues it */
  clock?: Clock;
};

export type PlacedOrderMailOutcome = 'sent' | 'already-sent' | 'not-pending' | 'no-order';

/**
 * The confirmation mail of a cash order just placed, to its buyer in the language it ordered
 * in, with its proforma invoice attached (issued now if the placing missed it; without it while
 * the seller's details are missing: the buyer downloads it from the order later). It runs as a
 * job, at least once: the (order, 'proforma', buyer) claim lets one run send it; a failed send
 * releases the claim and throws, so the retry sends. An order paid or cancelled before the job
 * ran gets none.
 */
export const sendPlacedOrderMail = async (
  { db, mailer, config, clock = systemClock }: MailDeps,
  orderId: number,
): Promise<PlacedOrderMailOutcome> => {
  const row = await repo.findOrder(db, orderId);
  if (!row) return 'no-order';
  if (!isProformaDue(row.order)) return 'not-pending';
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
    await issueDueDocuments({ db, clock }, orderId);
    // paid or cancelled since the job was queued: no request to pay any more
    const now = await repo.findOrder(db, orderId);
    if (!now || !isProformaDue(now.order)) {
      await releaseOrderMails(db, [orderId], claim);
      return 'not-pending';
    }
    const proforma = await repo.findDocumentOfKind(db, orderId, 'proforma');
    const snapshot = proforma ? documentSnapshotSchema.parse(proforma.snapshot) : null;
    const file = proforma ? await renderStored(proforma, lang) : null;
    await mailer.send({
      to: row.buyer.email,
      ...placedOrderMail({
        lang,
        name: row.buyer.name,
        orderId,
        totalAzn: formatDecimalString(snapshot?.azn.total ?? row.order.totalAzn, lang),
        dueOn: snapshot?.dueOn ? formatDate(snapshot.dueOn, lang) : null,
        rateOn: snapshot?.rateDate ? formatDate(snapshot.rateDate, lang) : null,
        payOn: formatDate(snapshot?.issuedOn ?? bakuDate(row.order.createdAt), lang),
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
