import { BUSINESS_TIME_ZONE, bakuDate } from '@esd/shared/baku-time';
import { calendarDateSchema } from '@esd/shared/bounds';
import type { JobQueue } from '@esd/shared/jobs/jobs.schemas';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import { noPayload } from '../../plugins/jobs';
import { createRatesService, isPastDue } from './rates.service';

/** The central bank's daily rate and the noon check for a missing one. */
export const RATE_QUEUES = {
  fetch: 'fetch-cbar-rate',
  alert: 'rate-missing-alert',
} as const satisfies Record<string, JobQueue>;

/** Tries of a day's fetch: 12, CBAR_RETRY_DELAY_SECONDS apart (10 min: two hours by default). */
const FETCH_RETRIES = 12;

/** A fetch job: the day to fetch, or (a scheduled run) none, the day it runs on. */
const fetchJob = z.object({ date: calendarDateSchema.optional() });

/** `HH:MM` as the cron expression of that minute each day. */
const dailyCron = (at: string) => {
  const [hour, minute] = at.split(':');
  return `${Number(minute)} ${Number(hour)} * * *`;
};

/**
 * The central bank's USD rate fetched by itself: each day at CBAR_FETCH_AT (Baku) and at start
 * when today's is missing, retried while the bank has not published it; and at RATE_DUE_AT
 * (noon, Baku) a mail to the global admins when today's rate is still missing. Either is off
 * with its variable set to `off`. A failed fetch is logged and retried, never more: it stops
 * nothing.
 */
export const rateJobsPlugin = fp(
  async (app: FastifyInstance) => {
    const { boss, jobs, config, log } = app;
    const rates = createRatesService({ db: app.db, mailer: app.mailer, config });
    const enabled = config.CBAR_RATES_URL !== 'off';
    const alerts = config.RATE_DUE_AT !== 'off';

    jobs.define({
      name: RATE_QUEUES.fetch,
      payload: fetchJob,
      options: {
        retryLimit: FETCH_RETRIES,
        retryDelay: config.CBAR_RETRY_DELAY_SECONDS,
        retryBackoff: false,
        expireInSeconds: 120,
      },
      ...(enabled
        ? { schedule: { cron: dailyCron(config.CBAR_FETCH_AT), tz: BUSINESS_TIME_ZONE } }
        : {}),
      work: {
        pollingIntervalSeconds: config.JOB_POLL_SECONDS,
        handler: async ([job]) => {
          if (!job || !enabled) return;
          // a scheduled job carries no day: it fetches the day it runs on
          const date = job.data.date ?? bakuDate(new Date());
          try {
            const done = await rates.fetchDaily(date);
            log.info({ ...done }, 'central bank rate fetch');
          } catch (err) {
            log.warn({ err, date }, 'central bank rate not fetched; the job retries');
            throw err;
          }
        },
      },
    });

    jobs.define({
      name: RATE_QUEUES.alert,
      payload: noPayload,
      options: { retryLimit: 8, retryDelay: 60, retryBackoff: true, expireInSeconds: 120 },
      ...(alerts
        ? { schedule: { cron: dailyCron(config.RATE_DUE_AT), tz: BUSINESS_TIME_ZONE } }
        : {}),
      work: {
        pollingIntervalSeconds: Math.max(5, config.JOB_POLL_SECONDS),
        handler: async () => {
          const mailed = await rates.alertIfMissing(new Date());
          if (mailed > 0) log.warn({ mailed }, 'no exchange rate today: global admins mailed');
        },
      },
    });

    jobs.onStarted(async () => {
      // a schedule an earlier start left in the database would queue jobs no one wants
      if (!enabled) await boss.unschedule(RATE_QUEUES.fetch);
      if (!alerts) await boss.unschedule(RATE_QUEUES.alert);
      const now = new Date();
      const status = await rates.status(now);
      if (status.in_use?.date === status.today) return;
      // several processes starting together queue one fetch, one check
      const once = { singletonKey: status.today, singletonSeconds: 600 };
      if (enabled) {
        await boss.send(RATE_QUEUES.fetch, { date: status.today }, once);
        jobs.notify(RATE_QUEUES.fetch);
      }
      if (isPastDue(now, config.RATE_DUE_AT)) {
        await boss.send(RATE_QUEUES.alert, {}, once);
        jobs.notify(RATE_QUEUES.alert);
      }
    });
  },
  { name: 'rate-jobs', dependencies: ['config', 'database', 'mail', 'jobs'] },
);
