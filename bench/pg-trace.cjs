// Preloaded into a server process (`node --require ./bench/pg-trace.cjs`) by
// bench/order-statements.mjs: wraps pg's Client#query so that every query the process sends
// (drizzle's, pg-boss's, the delivery lane's) is written, one JSON line each, to PG_TRACE_FILE:
// when it was sent (ms since the epoch), how long it took, how many rows it answered, its text
// (cut at 300 characters) and its context: `request` (sent while an HTTP request was being
// answered, in its async context), `lane` (on a pool of at most LANE_MAX connections: the
// delivery lane, apps/server/src/modules/delivery/delivery.jobs.ts) or `background` (job
// workers, timers). Each call is one round trip to PostgreSQL (pg sends a query and waits
// for its answer before the next on that connection); a measuring tool only, never loaded by the
// server itself.
const { AsyncLocalStorage } = require('node:async_hooks');
const { appendFileSync } = require('node:fs');
const http = require('node:http');
const pg = require('pg');

const file = process.env.PG_TRACE_FILE;
if (!file) throw new Error('pg-trace: set PG_TRACE_FILE');

/** The pool size of the delivery lane (DELIVERY_LANE_CONNECTIONS); the main pool has 10. */
const LANE_MAX = Number(process.env.PG_TRACE_LANE_MAX ?? 8);

// every request runs in a context of its own, marked done once its answer is sent
const requests = new AsyncLocalStorage();
const emit = http.Server.prototype.emit;
http.Server.prototype.emit = function tracedEmit(event, request, response, ...rest) {
  if (event !== 'request') return emit.call(this, event, request, response, ...rest);
  const store = { done: false };
  response.once('finish', () => {
    store.done = true;
  });
  return requests.run(store, () => emit.call(this, event, request, response, ...rest));
};

// each pool's clients carry the pool's size, so the delivery lane's queries can be told apart
const { Pool } = pg;
class TracedPool extends Pool {
  constructor(options) {
    super(options);
    this.on('connect', (client) => {
      client.tracedPoolMax = options?.max ?? 10;
    });
  }
}
Object.defineProperty(pg, 'Pool', { value: TracedPool, configurable: true, writable: true });

const contextOf = (client) => {
  if (client.tracedPoolMax === LANE_MAX) return 'lane';
  const store = requests.getStore();
  if (store && !store.done) return 'request';
  return 'background';
};

const textOf = (args) => {
  const [first] = args;
  if (typeof first === 'string') return first;
  if (first && typeof first === 'object' && typeof first.text === 'string') return first.text;
  return '';
};

const original = pg.Client.prototype.query;
pg.Client.prototype.query = function tracedQuery(...args) {
  const text = textOf(args);
  const t = Date.now();
  const context = contextOf(this);
  let written = false;
  const write = (rows, failed) => {
    if (written) return;
    written = true;
    appendFileSync(
      file,
      `${JSON.stringify({
        t,
        ms: Date.now() - t,
        rows,
        failed,
        context,
        text: text.replace(/\s+/g, ' ').slice(0, 300),
      })}\n`,
    );
  };
  // pg-pool's query passes a callback (and gets no promise back)
  const last = args.length - 1;
  if (typeof args[last] === 'function') {
    const callback = args[last];
    args[last] = (error, r) => {
      write(error ? null : (r?.rowCount ?? r?.rows?.length ?? null), Boolean(error));
      callback(error, r);
    };
  }
  const result = original.apply(this, args);
  if (result && typeof result.then === 'function') {
    result.then(
      (r) => write(r?.rowCount ?? r?.rows?.length ?? null, false),
      () => write(null, true),
    );
  }
  return result;
};
