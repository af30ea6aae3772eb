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

/**
 * pg-boss's own retries of a fetch job: only for a failure of the portal itself (the database
 * did not answer). A try that finds no rate (not out yet, bank down, a bad or another day's
 * file) is recorded and queues the next try itself, CBAR_RETRY_DELAY_SECONDS later, until the
 * rate lands or the Baku day ends.
 */
const FETCH_RETRIES = 3;

/** A fetch job: the day to fetch, or (a scheduled run) none, the day it runs on. */
const fetchJob = z.object({ date: calendarDateSchema.optional() });

/** `HH:MM` as the cron expression of that minute each day. */
const dailyCron = (at: string) => {
  const [hour, minute] = at.split(':');
  return `${Number(minute)} ${Number(hour)} * * *`;
};

/**
 * The central bank's USD rate fetched by itself: each day at CBAR_FETCH_AT (Baku), at once when
 * a process starts after that time without today's rate (and no try of today waiting), and
 * again every CBAR_RETRY_DELAY_SECONDS while a try finds no rate, until the Baku day ends; and
 * at RATE_DUE_AT (noon, Baku) a mail to the global admins when today's rate is still missing.
 * Either is off with its variable set to `off`. The times read the app's clock.
 */
export const rateJobsPlugin = fp(
  async (app: FastifyInstance) => {
    const { boss, jobs, config, log, clock } = app;
    const rates = createRatesService({ db: app.db, mailer: app.mailer, config, clock });
    const enabled = config.CBAR_RATES_URL !== 'off';
    const alerts = config.RATE_DUE_AT !== 'off';

    /** Queues a try of `date`: now, or `inSeconds` from now (one per day and time slot). */
    const queueFetch = async (date: string, inSeconds = 0) => {
      const id = await boss.send(
        RATE_QUEUES.fetch,
        { date },
        inSeconds > 0
          ? {
              startAfter: inSeconds,
              singletonKey: `retry:${date}`,
              singletonSeconds: inSeconds,
            }
          : // several processes starting together queue one try
            { singletonKey: `start:${date}`, singletonSeconds: 60 },
      );
      if (inSeconds === 0) jobs.notify(RATE_QUEUES.fetch);
      return id;
    };

    jobs.define({
      name: RATE_QUEUES.fetch,
      payload: fetchJob,
      options: {
        retryLimit: FETCH_RETRIES,
        retryDelay: 30,
        retryBackoff: true,
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
          const date = job.data.date ?? bakuDate(clock.now());
          const tried = await rates.fetchDaily(date);
          if (tried.outcome === 'ok' || tried.outcome === 'present')
            log.info({ ...tried }, 'central bank rate fetch');
          else log.warn({ ...tried }, 'central bank rate not fetched');
          if (tried.retryInSeconds !== null) await queueFetch(date, tried.retryInSeconds);
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
          const mailed = await rates.alertIfMissing(clock.now());
          if (mailed > 0) log.warn({ mailed }, 'no exchange rate today: global admins mailed');
        },
      },
    });

    jobs.onStarted(async () => {
      // a schedule an earlier start left in the database would queue jobs no one wants
      if (!enabled) await boss.unschedule(RATE_QUEUES.fetch);
      if (!alerts) await boss.unschedule(RATE_QUEUES.alert);
      const now = clock.now();
      const status = await rates.status(now);
      if (status.in_use?.date === status.today) return;
      // started after the daily fetch's time without today's rate: it catches up at once,
      // unless a try of today waits in the queue already (a restart between two tries)
      const waiting =
        status.feed?.date === status.today &&
        status.feed.next_try_at !== null &&
        Date.parse(status.feed.next_try_at) > now.getTime();
      if (enabled && isPastDue(now, config.CBAR_FETCH_AT) && !waiting)
        await queueFetch(status.today);
      if (isPastDue(now, config.RATE_DUE_AT)) {
        await boss.send(
          RATE_QUEUES.alert,
          {},
          { singletonKey: status.today, singletonSeconds: 600 },
        );
        jobs.notify(RATE_QUEUES.alert);
      }
    });
  },
  { name: 'rate-jobs', dependencies: ['config', 'database', 'mail', 'jobs'] },
);
