import { bakuDate, formatBakuTimestamp } from '@esd/shared/baku-time';
import { noticeKindsFor } from '@esd/shared/notifications/notifications.rules';
import type {
  NoticeKind,
  NoticeSettings,
  SaveNoticeSettingInput,
} from '@esd/shared/notifications/notifications.schemas';
import type { Config } from '../../config/env';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/errors';
import { languageOf, titleIn } from '../../lib/language';
import type { Session } from '../../plugins/auth';
import type { Mailer } from '../../plugins/mail';
import {
  cashDigestMail,
  lowStockMail,
  pageLink,
  partnerApplicationMail,
  returnRequestedMail,
} from './notifications.mail';
import * as repo from './notifications.repository';

/** Something that waits for admins, as the services that saw it happen name it. */
export type AdminNotice =
  | { kind: 'return_requested'; returnRequestId: number }
  | { kind: 'partner_application'; applicationId: number }
  /** `at`: when the product was marked under its level (a later fall is another notice) */
  | { kind: 'low_stock'; productId: number; at: string };

/** The web pages where each thing waits. */
const routes = {
  order: (id: number) => `/pages/orders?order=${id}`,
  cashOrders: '/pages/orders?status=pending&type=cash',
  partners: '/pages/settings/partners',
  users: '/pages/settings/users',
  keyStock: '/pages/settings/products?tab=keys',
};

const GLOBAL_ADMIN = 1;

/** Orders a digest lists by number; the rest are counted. */
const DIGEST_ORDERS_LISTED = 50;

type Mail = { subject: string; text: string; html: string };

export const createNotificationsService = ({
  db,
  mailer,
  config,
}: {
  db: Db;
  mailer: Mailer;
  config: Pick<Config, 'publicUrl'>;
}) => {
  const link = (route: string) => pageLink(config.publicUrl, route);

  /**
   * Mails each admin at most once for this (kind, subject): a claim row comes first, so a job
   * run twice, or two processes, send one mail. A refused send releases its claim; the first
   * failure is thrown once the others were tried, so the job's retry mails only the admins
   * who missed it. Answers how many mails went out.
   */
  const mailEach = async (
    kind: NoticeKind,
    subject: string,
    recipients: repo.Admin[],
    compose: (admin: repo.Admin) => Mail,
  ) => {
    let failure: unknown;
    let sent = 0;
    for (const admin of recipients) {
      const claim = { kind, subject, recipientId: admin.id };
      if (!(await repo.claimNoticeMail(db, claim))) continue;
      try {
        await mailer.send({ to: admin.email, ...compose(admin) });
      } catch (error) {
        await repo.releaseNoticeMail(db, claim);
        failure ??= error;
        continue;
      }
      await repo.confirmNoticeMail(db, claim);
      sent += 1;
    }
    if (failure) throw failure;
    return sent;
  };

  const returnRequested = async (returnRequestId: number) => {
    const request = await repo.findReturnNotice(db, returnRequestId);
    // decided before the job ran: nothing waits any more
    if (request?.status !== 'requested') return 0;
    const recipients = await repo.findNoticeRecipients(db, 'return_requested', request.countryId);
    return mailEach('return_requested', String(returnRequestId), recipients, (admin) =>
      returnRequestedMail(
        admin,
        { ...request, title: titleIn(request, languageOf(admin.lang)) },
        link(routes.order(request.orderId)),
      ),
    );
  };

  const partnerApplied = async (applicationId: number) => {
    const application = await repo.findApplicationNotice(db, applicationId);
    if (application?.status !== 'pending') return 0;
    const recipients = await repo.findNoticeRecipients(
      db,
      'partner_application',
      application.countryId,
    );
    return mailEach('partner_application', String(applicationId), recipients, (admin) => {
      const lang = languageOf(admin.lang);
      const country = {
        en: application.countryEn,
        ru: application.countryRu,
        az: application.countryAz,
      }[lang];
      // global admins review applications; a local admin is told of one from its countries
      const reviewer = admin.typeId === GLOBAL_ADMIN;
      return partnerApplicationMail(
        admin,
        { ...application, country },
        { link: link(reviewer ? routes.partners : routes.users), reviewer },
      );
    });
  };

  const lowStock = async (productId: number, at: string) => {
    const product = await repo.findLowStockNotice(db, productId);
    // restocked (or the level turned off) since: this fall is over
    if (
      !product?.lowStockNotifiedAt ||
      product.reorderLevel === null ||
      product.lowStockNotifiedAt.toISOString() !== at
    )
      return 0;
    const level = product.reorderLevel;
    const recipients = await repo.findNoticeRecipients(db, 'low_stock', null);
    return mailEach('low_stock', `${productId}@${at}`, recipients, (admin) =>
      lowStockMail(
        admin,
        { ...product, title: titleIn(product, languageOf(admin.lang)), reorderLevel: level },
        link(routes.keyStock),
      ),
    );
  };

  /** The caller's switches: the kinds its role is sent, each on unless turned off. */
  const settings = async (session: Session): Promise<NoticeSettings> => {
    const off = new Set(await repo.findOptOuts(db, session.user.id));
    return {
      settings: noticeKindsFor(session.role).map((kind) => ({ kind, enabled: !off.has(kind) })),
    };
  };

  return {
    /** Mails the admins of one notice (a job of the admin-notice queue). */
    send: (notice: AdminNotice): Promise<number> => {
      switch (notice.kind) {
        case 'return_requested':
          return returnRequested(notice.returnRequestId);
        case 'partner_application':
          return partnerApplied(notice.applicationId);
        case 'low_stock':
          return lowStock(notice.productId, notice.at);
      }
    },

    /**
     * The daily digest: each admin who has cash orders waiting for payment confirmation in its
     * scope gets one mail listing them, once per Baku day (the claim's subject is the day).
     */
    sendDigest: async (now: Date) => {
      const day = bakuDate(now);
      let sent = 0;
      let failure: unknown;
      for (const admin of await repo.findDigestRecipients(db)) {
        const { rows, total } = await repo.findPendingCashOrders(db, admin, DIGEST_ORDERS_LISTED);
        if (total === 0) continue;
        const orders = rows.map((row) => ({
          id: row.id,
          dealer: row.dealer,
          totalAzn: row.totalAzn,
          placedOn: formatBakuTimestamp(row.createdAt).slice(0, 16),
        }));
        try {
          sent += await mailEach('cash_digest', day, [admin], () =>
            cashDigestMail(admin, { orders, total }, link(routes.cashOrders)),
          );
        } catch (error) {
          failure ??= error;
        }
      }
      if (failure) throw failure;
      return sent;
    },

    /** What waits for the calling admin, in its scope. */
    waiting: (session: Session) =>
      repo.countWaiting(db, { id: session.user.id, typeId: session.user.typeId }),

    settings,

    saveSetting: async (session: Session, input: SaveNoticeSettingInput) => {
      if (!noticeKindsFor(session.role).includes(input.kind))
        throw new AppError('FORBIDDEN', 'Your role is not sent this kind of mail.');
      await repo.setOptOut(db, session.user.id, input.kind, !input.enabled);
      return settings(session);
    },
  };
};
