import { PROVIDER } from '@esd/shared/catalogue/catalogue.schemas';
import type { Language } from '@esd/shared/constants';
import type { OrderKeysFileFormat } from '@esd/shared/orders/orders.schemas';
import type { Config } from '../../config/env';
import type { Db, DbOrTx } from '../../db/client';
import { languageOf, titleIn } from '../../lib/language';
import { takeUses } from '../../lib/usage-limit';
import type { Session } from '../../plugins/auth';
import type { Mailer } from '../../plugins/mail';
import { markLowStock } from '../keys';
import {
  claimBuyerMail,
  claimOrderMails,
  completeIfDelivered,
  confirmOrderMails,
  findOrderMail,
  findVisibleOrder,
  invalidState,
  orderNotFound,
  releaseOrderMails,
} from '../orders';
import { orderKeysFile } from './delivery.keys-file';
import {
  type KeysMailItem,
  type KeysMailRecipient,
  keysMail,
  lateDeliveryMail,
} from './delivery.mail';
import * as repo from './delivery.repository';

type OrderRecipient = NonNullable<Awaited<ReturnType<typeof repo.findOrderRecipient>>>;

/** What the mails of an order's delivery use (the Fastify app has them all). */
type MailDeps = { db: Db; mailer: Mailer; config: Pick<Config, 'publicUrl'> };

/**
 * Delivers what stock allows to a paid order, in one transaction: the order row is locked
 * (one delivery of an order at a time, and never alongside a cancel), each waiting key-stock
 * item takes its missing keys, and the order completes when nothing waits. Safe to run any
 * number of times: it only ever fills what is still missing. Out of stock, the item waits.
 * `adobeWaiting`: the order has Adobe items still waiting (placed with Adobe outside this
 * transaction, by `deliverAdobeItems`). `lowStock`: the products this run brought under their
 * reorder level, marked right after the commit (`markLowStock` says why after) so only this
 * run tells of it. `dealerId`: the order's dealer (undefined: no such order).
 */
export const deliverOrder = async (db: Db, orderId: number) => {
  const result = await db.transaction(async (tx) => {
    const order = await repo.lockOrder(tx, orderId);
    const dealerId = order?.dealerId;
    if (order?.status !== 'in_progress')
      return { completed: false, delivered: 0, adobeWaiting: false, taken: [], dealerId };
    const waiting = await repo.findWaitingItems(tx, orderId);
    const items = waiting.filter((item) => item.providerId === PROVIDER.keyStock);
    const adobeWaiting = waiting.some((item) => item.providerId === PROVIDER.adobe);
    let delivered = 0;
    const taken = new Set<number>();
    for (const item of items) {
      const got = await repo.fillItem(tx, orderId, item);
      if (got > 0) taken.add(item.productId);
      delivered += got;
    }
    const completed = await completeIfDelivered(tx, orderId, null);
    return { completed, delivered, adobeWaiting, taken: [...taken], dealerId };
  });
  const { taken, ...delivery } = result;
  // the keys taken may have brought a product under its reorder level: told once, by the
  // delivery whose count sees it (after its commit)
  return { ...delivery, lowStock: await markLowStock(db, taken) };
};

/** The delivered keys of an order (`findDeliveredKeys`), grouped by item, titles in `lang`. */
const groupOrderKeys = (rows: repo.DeliveredKeyRow[], lang: Language) => {
  const items = new Map<number, KeysMailItem>();
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

/** Who gets the keys at `address`: the buyer itself, or someone else (by name if it has an account). */
const recipientOf = async (
  db: DbOrTx,
  order: { name: string; email: string },
  address: string,
): Promise<KeysMailRecipient> =>
  address.toLowerCase() === order.email.toLowerCase()
    ? { kind: 'buyer', name: order.name }
    : {
        kind: 'other',
        name: (await repo.findAccountNameByEmail(db, address)) ?? null,
        sender: order.name,
      };

/**
 * Sends an order's keys to an address (the buyer's by default), in the buyer's language.
 * Answers the address, or null when the order does not exist or has no keys.
 */
const mailOrderKeys = async (
  { db, mailer, config }: MailDeps,
  orderId: number,
  to?: string,
  /** the order's buyer and its keys when the caller has read them (the automatic mail) */
  known?: { order: OrderRecipient; keys: repo.DeliveredKeyRow[] },
) => {
  const order = known?.order ?? (await repo.findOrderRecipient(db, orderId));
  if (!order) return null;
  const lang = languageOf(order.lang);
  const items = groupOrderKeys(known?.keys ?? (await repo.findDeliveredKeys(db, orderId)), lang);
  if (items.length === 0) return null;
  const address = to ?? order.email;
  const recipient = await recipientOf(db, order, address);
  await mailer.send({
    to: address,
    ...keysMail({ lang, to: recipient, orderId, items, publicUrl: config.publicUrl }),
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
  deps: MailDeps,
  orderId: number,
): Promise<CompletedOrderMailOutcome> => {
  const { db } = deps;
  // the buyer and the keys, read with the claim, for the claim and the mail
  const order = await claimBuyerMail(db, orderId, 'keys', repo.deliveredKeysColumn(orderId));
  if (order === undefined) return 'no-order';
  const claim = { kind: 'keys' as const, recipientId: order.buyerId };
  if (!order.claimed) {
    const existing = await findOrderMail(db, orderId, claim);
    if (existing?.sentAt) return 'already-sent';
    // another run is sending it now (its outcome decides), or its sender died mid-send: then
    // the mail may be out, and at most once wins, so the retries end in the dead letters
    throw new Error(
      `The keys mail of order #${orderId} is claimed but not confirmed as sent: another run is sending it, or its sender stopped mid-send. If the buyer did not get it, use "Send keys" on the order.`,
    );
  }
  let to: string | null;
  try {
    to = await mailOrderKeys(deps, orderId, undefined, { order, keys: order.content });
  } catch (error) {
    await releaseOrderMails(db, [orderId], claim);
    throw error;
  }
  if (!to) {
    await releaseOrderMails(db, [orderId], claim);
    return 'no-keys';
  }
  await confirmOrderMails(db, [orderId], claim);
  return 'sent';
};

/**
 * Mails every global district admin the list of items that missed the delivery promise, then
 * marks those items alerted. Runs every minute in the delivery watch job, which may run twice
 * or be retried: each (order, admin) alert is claimed in `order_mails` first, so an admin never
 * gets the same order twice, and a failed send (released, then thrown) is retried for just the
 * admins who missed it. The orders page lists late items live.
 */
export const raiseLateDeliveryAlerts = async ({ db, mailer }: { db: Db; mailer: Mailer }) => {
  const late = await repo.findUnalertedLateItems(db);
  if (late.length === 0) return 0;
  const admins = await repo.findActiveGlobalAdmins(db);
  const orderIds = [...new Set(late.map((row) => row.orderId))];
  let failure: unknown;
  for (const admin of admins) {
    const claim = { kind: 'late_delivery' as const, recipientId: admin.id };
    const claimed = new Set(await claimOrderMails(db, orderIds, claim));
    if (claimed.size === 0) continue;
    const items = late.filter((row) => claimed.has(row.orderId));
    try {
      await mailer.send({ to: admin.email, ...lateDeliveryMail(admin, items) });
      await confirmOrderMails(db, [...claimed], claim);
    } catch (error) {
      await releaseOrderMails(db, [...claimed], claim);
      failure ??= error;
    }
  }
  // an admin who missed the mail gets it from the retry; the others are not mailed again
  if (failure) throw failure;
  await repo.markItemsAlerted(
    db,
    late.map((row) => row.id),
  );
  return late.length;
};

/** Keys mails a user can send in an hour, and mails one address can get (issue 18). */
const SEND_KEYS_PER_USER_PER_HOUR = 30;

const noKeysToSend = (id: number) =>
  invalidState(
    `Order #${id} has no licence keys to send: none is delivered yet, or its products come without keys (Adobe licences are assigned in the Adobe Admin Console).`,
  );
const MAILS_PER_RECIPIENT_PER_HOUR = 10;

/** What the order page asks of an order's delivered keys: the file, or a mail of them. */
export const createDeliveryService = ({ db, mailer, config }: MailDeps) => ({
  keysFile: (
    session: Session,
    id: number,
    options: { format: OrderKeysFileFormat; lang: Language },
  ) => orderKeysFile(db, session, id, options),

  /**
   * "Send keys" mails whom the user names (the buyer by default): limited per user and per
   * recipient (issue 18). Answers the address.
   */
  sendKeys: async (session: Session, id: number, email?: string) => {
    if (!(await findVisibleOrder(db, session, id))) throw orderNotFound();
    // refused before any mail is counted against the user or the address: returned keys are
    // revoked, never mailed, and an Adobe order (or one not delivered yet) has none
    const keys = await repo.countOrderKeys(db, id);
    if (keys.held === 0)
      throw keys.revoked > 0
        ? invalidState(
            'Every key of this order was returned and revoked: there are no keys to send.',
          )
        : noKeysToSend(id);
    const recipient = email?.toLowerCase() ?? `buyer-of-order:${id}`;
    await takeUses(db, [
      {
        key: `send-keys:user:${session.user.id}`,
        max: SEND_KEYS_PER_USER_PER_HOUR,
        windowSeconds: 3600,
        message: 'You have sent keys too often: try again in {minutes} minutes.',
      },
      {
        key: `mail:to:${recipient}`,
        max: MAILS_PER_RECIPIENT_PER_HOUR,
        windowSeconds: 3600,
        message: 'Too many mails to this address: try again in {minutes} minutes.',
      },
    ]);
    const to = await mailOrderKeys({ db, mailer, config }, id, email);
    if (!to) throw noKeysToSend(id);
    return to;
  },
});
