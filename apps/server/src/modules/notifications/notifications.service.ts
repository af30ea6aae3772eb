import { roleFromTypeId } from '@esd/shared/access/access.rules';
import { bakuDate } from '@esd/shared/baku-time';
import {
  noticeKindsFor,
  noticePageFor,
  noticePages,
} from '@esd/shared/notifications/notifications.rules';
import type {
  NoticeKind,
  NoticeSettings,
  SaveNoticeSettingInput,
} from '@esd/shared/notifications/notifications.schemas';
import type { Config } from '../../config/env';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/errors';
import { languageOf, pick, titleIn } from '../../lib/language';
import { portalLink } from '../../lib/portal-link';
import type { Session } from '../../plugins/auth';
import type { Mailer } from '../../plugins/mail';
import {
  cashDigestMail,
  lowStockMail,
  partnerApplicationMail,
  prizeClaimedMail,
  returnRequestedMail,
} from './notifications.mail';
import * as repo from './notifications.repository';

/** Something that waits for admins, as the services that saw it happen name it. */
export type AdminNotice =
  | { kind: 'return_requested'; returnRequestId: number }
  | { kind: 'partner_application'; applicationId: number }
  /** `at`: when the product was marked under its level (a later fall is another notice) */
  | { kind: 'low_stock'; productId: number; at: string }
  /** `at`: when the claim was made (a cancelled claim made again is another notice) */
  | { kind: 'prize_claimed'; wonPrizeId: number; at: string };

/** Where on its page each thing waits (the page is `noticePageFor` the kind and the role). */
const queries = {
  order: (id: number) => `?order=${id}`,
  cashOrders: '?status=pending&type=cash',
  keyStock: '?tab=keys',
};

/** An admin's role (its type id is an admin's: 1 or 2). */
const roleOf = (admin: repo.Admin) => roleFromTypeId(admin.typeId) ?? 'u';

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
  /**
   * The page of a notice of `kind` that this admin may open, in the admin's language (the
   * mail's), which the web adopts on opening it.
   */
  const link = (kind: NoticeKind, admin: repo.Admin, query = '') => {
    const page = noticePages[noticePageFor(kind, roleOf(admin))];
    return portalLink(config.publicUrl, `${page.path}${query}`, languageOf(admin.lang));
  };

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
        link('return_requested', admin, queries.order(request.orderId)),
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
      // global admins review applications; a local admin is told of one from its countries,
      // and linked to a page it may open
      const reviewer = noticePageFor('partner_application', roleOf(admin)) === 'partners';
      return partnerApplicationMail(
        admin,
        { ...application, country },
        { link: link('partner_application', admin), reviewer },
      );
    });
  };

  const lowStock = async (productId: number, at: string) => {
    const product = await repo.findLowStockNotice(db, productId);
    // restocked (or the threshold lowered to the stock) since: this fall is over
    if (!product?.lowStockNotifiedAt || product.lowStockNotifiedAt.toISOString() !== at) return 0;
    const threshold = product.lowStockThreshold;
    const recipients = await repo.findNoticeRecipients(db, 'low_stock', null);
    return mailEach('low_stock', `${productId}@${at}`, recipients, (admin) =>
      lowStockMail(
        admin,
        { ...product, title: titleIn(product, languageOf(admin.lang)), threshold },
        link('low_stock', admin, queries.keyStock),
      ),
    );
  };

  const prizeClaimed = async (wonPrizeId: number, at: string) => {
    const claim = await repo.findPrizeClaimNotice(db, wonPrizeId);
    // cancelled, or claimed again since (that claim has its own notice)
    if (
      claim?.source !== 'claim' ||
      claim.status === 'cancelled' ||
      claim.claimedAt.toISOString() !== at
    )
      return 0;
    // the admins who run events: the global ones (settings of events and prizes, spec 2)
    const recipients = await repo.findNoticeRecipients(db, 'prize_claimed', null);
    return mailEach('prize_claimed', `${wonPrizeId}@${at}`, recipients, (admin) => {
      const lang = languageOf(admin.lang);
      return prizeClaimedMail(
        admin,
        {
          dealer: claim.dealer,
          prize: pick({ en: claim.prizeEn, ru: claim.prizeRu, az: claim.prizeAz }, lang),
          event: pick({ en: claim.eventEn, ru: claim.eventRu, az: claim.eventAz }, lang),
          pointsSpent: claim.pointsSpent,
          contactName: claim.contactName ?? '',
          phone: claim.phone ?? '',
          address: claim.address ?? '',
        },
        link('prize_claimed', admin),
      );
    });
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
        case 'prize_claimed':
          return prizeClaimed(notice.wonPrizeId, notice.at);
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
          placedAt: new Date(row.createdAt).toISOString(),
        }));
        try {
          sent += await mailEach('cash_digest', day, [admin], () =>
            cashDigestMail(
              admin,
              { orders, total },
              link('cash_digest', admin, queries.cashOrders),
            ),
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
