import { BUSINESS_TIME_ZONE } from '@esd/shared/baku-time';
import { idSchema, timestampSchema } from '@esd/shared/bounds';
import type { JobQueue } from '@esd/shared/jobs/jobs.schemas';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import { noPayload, type QueueOptions } from '../../plugins/jobs';
import { type AdminNotice, createNotificationsService } from './notifications.service';

/** The admins' mails: one job per notice, and the daily digest of cash orders. */
export const NOTICE_QUEUES = {
  notice: 'admin-notice',
  digest: 'admin-digest',
} as const satisfies Record<string, JobQueue>;

/** A job of the admin-notice queue: what waits for the admins. */
const adminNotice = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('return_requested'), returnRequestId: idSchema }),
  z.object({ kind: z.literal('partner_application'), applicationId: idSchema }),
  z.object({ kind: z.literal('low_stock'), productId: idSchema, at: timestampSchema }),
  z.object({ kind: z.literal('prize_claimed'), wonPrizeId: idSchema, at: timestampSchema }),
]) satisfies z.ZodType<AdminNotice>;

/**
 * Queues the admins' mail about something that now waits for them; called after the change
 * committed. Never throws: the change stands, and what waits shows in the navigation anyway.
 */
export type NotifyAdmins = (notice: AdminNotice) => Promise<void>;

declare module 'fastify' {
  interface FastifyInstance {
    notifyAdmins: NotifyAdmins;
  }
}

/** `HH:MM` as a daily cron expression. */
const dailyAt = (time: string) => {
  const [hour, minute] = time.split(':').map(Number);
  return `${minute} ${hour} * * *`;
};

const NOTICE_BATCH = 10;

/**
 * The admin-notice and admin-digest queues. Mail waits out an SMTP outage as the order mail
 * does (MAIL_RETRY_LIMIT, MAIL_RETRY_DELAY_SECONDS); claims keep every mail to one send however
 * often its job runs (notifications.service.ts).
 */
export const notificationJobsPlugin = fp(
  async (app: FastifyInstance) => {
    const { boss, jobs, config } = app;
    const service = createNotificationsService({
      db: app.db,
      mailer: app.mailer,
      config: app.config,
    });
    const options: QueueOptions = {
      retryLimit: config.MAIL_RETRY_LIMIT,
      retryDelay: config.MAIL_RETRY_DELAY_SECONDS,
      retryBackoff: true,
      expireInSeconds: 60,
    };
    const pollingIntervalSeconds = Math.max(0.5, config.JOB_POLL_SECONDS * 2);

    app.decorate<NotifyAdmins>('notifyAdmins', async (notice) => {
      try {
        await boss.send(NOTICE_QUEUES.notice, notice);
        jobs.notify(NOTICE_QUEUES.notice);
      } catch (err) {
        app.log.error({ err, notice }, 'admin notice not queued');
      }
    });

    jobs.define({
      name: NOTICE_QUEUES.notice,
      options,
      payload: adminNotice,
      work: {
        batchSize: NOTICE_BATCH,
        pollingIntervalSeconds,
        // each notice on its own: one whose mail the SMTP server refuses is retried alone
        handler: async (batch) => {
          await Promise.all(
            batch.map(async (job) => {
              try {
                await service.send(job.data);
              } catch (error) {
                await boss.fail(NOTICE_QUEUES.notice, job.id, error as object);
              }
            }),
          );
        },
      },
    });
    jobs.define({
      name: NOTICE_QUEUES.digest,
      options,
      payload: noPayload,
      schedule: { cron: dailyAt(config.ADMIN_DIGEST_TIME), tz: BUSINESS_TIME_ZONE },
      work: {
        pollingIntervalSeconds,
        handler: async () => {
          await service.sendDigest(new Date());
        },
      },
    });
  },
  { name: 'notification-jobs', dependencies: ['config', 'database', 'mail', 'jobs'] },
);
