import { daysBetween, dueRenewalReminder } from '@esd/shared/adobe/adobe.rules';
import { bakuDate } from '@esd/shared/baku-time';
import { isLanguage } from '@esd/shared/constants';
import type { JobQueue } from '@esd/shared/jobs/jobs.schemas';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../config/env';
import type { Db } from '../../db/client';
import type { DomainEvent, DomainEvents } from '../../plugins/domain-events';
import { noPayload } from '../../plugins/jobs';
import type { Mailer } from '../../plugins/mail';
import type { AdobeClient } from './adobe.client';
import { type RenewalMailLine, renewalReminderMail } from './adobe.mail';
import {
  claimRenewalMail,
  confirmRenewalMails,
  findCustomersOfAdobeDealers,
  type RenewalClaim,
  releaseRenewalMails,
} from './adobe.repository';
import { readSubscriptions } from './adobe.subscriptions';

/** The daily run of the renewal reminders (its dead letters are listed like the others). */
const RENEWALS_QUEUE: JobQueue = 'adobe-renewals';

type RenewalDeps = {
  db: Db;
  adobe: AdobeClient;
  mailer: Mailer;
  config: Pick<Config, 'publicUrl'>;
  /** told of each reminder that went out (the dealer's webhooks listen) */
  events?: DomainEvents;
};

/**
 * Mails each dealer with an Adobe account the subscriptions of its customers that renew within
 * 30 and within 7 days of `now`'s day in Baku, one mail per dealer and run. Each reminder
 * (subscription, renewal date, 30 or 7) is claimed before it is mailed, so a retried or doubled
 * run mails none twice; a failed send releases its claims for the retry. A customer Adobe
 * could not answer for, or a refused mail, fails the run (after the others) so the job retries.
 * Returns how many reminders went out.
 */
export const sendRenewalReminders = async (deps: RenewalDeps, now: Date) => {
  const { db, mailer } = deps;
  const today = bakuDate(now);
  const rows = await findCustomersOfAdobeDealers(db);
  const dealers = new Map<
    number,
    { dealer: (typeof rows)[number]['dealer']; customers: typeof rows }
  >();
  for (const row of rows) {
    const entry = dealers.get(row.dealer.id) ?? { dealer: row.dealer, customers: [] };
    entry.customers.push(row);
    dealers.set(row.dealer.id, entry);
  }
  let failure: unknown;
  let sent = 0;
  for (const { dealer, customers } of dealers.values()) {
    const lang = isLanguage(dealer.lang) ? dealer.lang : 'en';
    const lines: RenewalMailLine[] = [];
    const claims: RenewalClaim[] = [];
    const renewing: DomainEvent<'adobe.renewing'>[] = [];
    for (const { customer } of customers) {
      let subscriptions: Awaited<ReturnType<typeof readSubscriptions>>;
      try {
        subscriptions = await readSubscriptions(deps, customer.customerId, lang);
      } catch (error) {
        failure ??= error;
        continue;
      }
      for (const subscription of subscriptions) {
        if (subscription.state !== 'active') continue;
        const daysLeft = daysBetween(today, subscription.renewal_date);
        const due = dueRenewalReminder(daysLeft);
        if (due === null) continue;
        const claim = {
          adobeCustomerId: customer.id,
          subscriptionId: subscription.subscription_id,
          renewalDate: subscription.renewal_date,
          daysBefore: due,
          dealerId: dealer.id,
        };
        if (!(await claimRenewalMail(db, claim))) continue;
        claims.push(claim);
        renewing.push({
          dealerId: dealer.id,
          customerId: customer.id,
          subscriptionId: subscription.subscription_id,
          offerId: subscription.offer_id,
          renewalDate: subscription.renewal_date,
          renewalQuantity: subscription.renewal_quantity,
          autoRenew: subscription.auto_renew,
          daysBefore: due,
        });
        lines.push({
          company: customer.companyName,
          product: subscription.product_title ?? subscription.offer_id,
          offerId: subscription.offer_id,
          quantity: subscription.quantity,
          renewalQuantity: subscription.renewal_quantity,
          autoRenew: subscription.auto_renew,
          renewalDate: subscription.renewal_date,
          daysLeft,
        });
      }
    }
    if (claims.length === 0) continue;
    try {
      await mailer.send({
        to: dealer.email,
        ...renewalReminderMail({
          lang,
          name: dealer.name,
          lines,
          publicUrl: deps.config.publicUrl,
        }),
      });
      await confirmRenewalMails(db, claims);
      sent += claims.length;
      for (const event of renewing) await deps.events?.emit('adobe.renewing', event);
    } catch (error) {
      await releaseRenewalMails(db, claims);
      failure ??= error;
    }
  }
  if (failure) throw failure;
  return sent;
};

/**
 * The daily renewal reminders as a scheduled job of the jobs plugin: one run a day, at 10:00
 * in Baku, whichever process takes it. A run that failed (Adobe or the mail server away) is
 * retried every half hour or so, a few times; its claims keep each reminder to one mail.
 */
export const adobeJobsPlugin = fp(
  async (app: FastifyInstance) => {
    const deps = {
      db: app.db,
      adobe: app.adobe,
      mailer: app.mailer,
      config: app.config,
      events: app.domainEvents,
    };
    app.jobs.define({
      name: RENEWALS_QUEUE,
      payload: noPayload,
      options: { retryLimit: 4, retryDelay: 1800, retryBackoff: false, expireInSeconds: 900 },
      schedule: '0 6 * * *',
      work: {
        pollingIntervalSeconds: 30,
        handler: async () => {
          await sendRenewalReminders(deps, new Date());
        },
      },
    });
  },
  {
    name: 'adobe-jobs',
    dependencies: ['config', 'database', 'mail', 'adobe', 'jobs', 'domain-events'],
  },
);
