import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Counter, collectDefaultMetrics, Gauge, Registry } from 'prom-client';
import { JOBS_SCHEMA } from '../db/migrate';
import { deadLetterOf } from './jobs';
import { RouteHistogram } from './route-histogram';

declare module 'fastify' {
  interface FastifyInstance {
    metrics: Registry;
  }
}

type Row = Record<string, unknown>;
const rowsOf = (result: unknown): Row[] =>
  Array.isArray(result) ? result : ((result as { rows?: Row[] }).rows ?? []);

/**
 * Prometheus metrics of this process: request latency by route, the job queues' depth by state,
 * the licence-key stock and items waiting for keys. One registry per app, so tests that build
 * several apps in one process never share counters. Database-backed gauges are read at scrape time.
 */
export const metricsPlugin = fp(
  async (app: FastifyInstance) => {
    const registry = new Registry();
    registry.setDefaultLabels({ app: 'esd-portal' });
    collectDefaultMetrics({ register: registry });

    const duration = new RouteHistogram(
      'http_request_duration_seconds',
      'Time to answer an HTTP request, by route template and status code',
      [0.005, 0.01, 0.025, 0.05, 0.1, 0.2, 0.5, 1, 2, 5],
      registry,
    );
    const errors = new Counter({
      name: 'http_server_errors_total',
      help: 'Answers with a 5xx status, by route template',
      labelNames: ['route'] as const,
      registers: [registry],
    });

    // a callback hook spares a promise per answer
    app.addHook('onResponse', (request, reply, done) => {
      // the route template, never the raw URL: ids and tokens must not become labels
      const route = request.routeOptions.url ?? 'unmatched';
      if (route !== '/api/metrics') {
        const status = reply.statusCode;
        duration.observe(
          `${request.method} ${status} ${route}`,
          () => ({ method: request.method, route, status_code: String(status) }),
          reply.elapsedTime / 1000,
        );
        if (status >= 500) errors.inc({ route });
      }
      done();
    });

    new Gauge({
      name: 'esd_job_queue_jobs',
      help: 'Jobs in the pg-boss queues by queue and state (created, retry, active, failed, …)',
      labelNames: ['queue', 'state'] as const,
      registers: [registry],
      async collect() {
        this.reset();
        const result = await app.db.execute(
          sql.raw(
            `select name, state::text as state, count(*)::int as jobs from ${JOBS_SCHEMA}.job group by 1, 2`,
          ),
        );
        for (const row of rowsOf(result)) {
          this.set({ queue: String(row.name), state: String(row.state) }, Number(row.jobs));
        }
      },
    });

    new Gauge({
      name: 'esd_job_dead_letters',
      help: 'Jobs that spent all their retries and wait for an admin, by the queue they failed in',
      labelNames: ['queue'] as const,
      registers: [registry],
      async collect() {
        this.reset();
        // the queues the modules defined (the jobs plugin registers after this one)
        const queues = app.hasDecorator('jobs') ? app.jobs.queues() : [];
        if (queues.length === 0) return;
        const counts = new Map<string, number>();
        for (const row of rowsOf(
          await app.db.execute(
            sql`select name, count(*)::int as jobs from ${sql.raw(`${JOBS_SCHEMA}.job`)}
              where state = 'created' and name in (${sql.join(
                queues.map((queue) => sql`${deadLetterOf(queue)}`),
                sql`, `,
              )}) group by name`,
          ),
        )) {
          counts.set(String(row.name), Number(row.jobs));
        }
        // every queue gets a sample, 0 included, so an alert rule sees the series
        for (const queue of queues) this.set({ queue }, counts.get(deadLetterOf(queue)) ?? 0);
      },
    });

    new Gauge({
      name: 'esd_licence_keys',
      help: 'Licence keys by status (available, allocated, revoked)',
      labelNames: ['status'] as const,
      registers: [registry],
      async collect() {
        this.reset();
        const result = await app.db.execute(
          sql`select status, count(*)::int as keys from licence_keys group by status`,
        );
        for (const row of rowsOf(result))
          this.set({ status: String(row.status) }, Number(row.keys));
      },
    });

    new Gauge({
      name: 'esd_key_stock_products_empty',
      help: 'Active key-stock products without an available key',
      registers: [registry],
      async collect() {
        const result = await app.db.execute(
          sql`select count(*)::int as n from products p
              where p.is_active and p.provider_id = 1
                and not exists (select 1 from licence_keys k where k.product_id = p.id and k.status = 'available')`,
        );
        this.set(Number(rowsOf(result)[0]?.n ?? 0));
      },
    });

    new Gauge({
      name: 'esd_order_items_waiting',
      help: 'Paid order items still waiting for keys',
      registers: [registry],
      async collect() {
        const result = await app.db.execute(
          sql`select count(*)::int as n from order_items i join orders o on o.id = i.order_id
              where i.status = 'waiting' and o.status = 'in_progress'`,
        );
        this.set(Number(rowsOf(result)[0]?.n ?? 0));
      },
    });

    app.decorate('metrics', registry);
  },
  { name: 'metrics', dependencies: ['database'] },
);
