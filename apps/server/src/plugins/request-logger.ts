import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger, FastifyServerOptions } from 'fastify';
import { isSafeRequestId } from '../lib/log-redaction';

type Level = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';
type Bindings = Record<string, unknown>;
type ChildOptions = Parameters<FastifyBaseLogger['child']>[1];

/** pino's numeric levels: a call logs when its level is at or above the logger's. */
const LEVEL_VALUES: Record<string, number> = {
  trace: 10,
  debug: 20,
  info: 30,
  warn: 40,
  error: 50,
  fatal: 60,
  silent: Number.POSITIVE_INFINITY,
};

/**
 * `request.log`, made on its first enabled call. Fastify gives every request a child logger
 * bound to its request id; with redaction configured, pino's `child()` serialises and redacts
 * the bindings each time, a measurable share of a small answer (bench/api-stack.mjs). Most
 * requests never log above the configured level, so the child is made only when a line is
 * really written; every line still carries the request id.
 */
class LazyRequestLogger {
  private made: FastifyBaseLogger | undefined;

  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly bindings: Bindings,
    private readonly options: ChildOptions,
  ) {}

  private real(): FastifyBaseLogger {
    this.made ??= this.parent.child(this.bindings, this.options);
    return this.made;
  }

  private write(level: Level, args: unknown[]) {
    const current = this.made?.level ?? this.options?.level ?? this.parent.level;
    if (LEVEL_VALUES[level]! < (LEVEL_VALUES[current] ?? 0)) return;
    (this.real()[level] as (...a: unknown[]) => void)(...args);
  }

  get level() {
    return this.made?.level ?? this.options?.level ?? this.parent.level;
  }

  set level(level: string) {
    this.real().level = level;
  }

  child(bindings: Bindings, options?: ChildOptions) {
    return this.real().child(bindings, options);
  }

  fatal(...args: unknown[]) {
    this.write('fatal', args);
  }
  error(...args: unknown[]) {
    this.write('error', args);
  }
  warn(...args: unknown[]) {
    this.write('warn', args);
  }
  info(...args: unknown[]) {
    this.write('info', args);
  }
  debug(...args: unknown[]) {
    this.write('debug', args);
  }
  trace(...args: unknown[]) {
    this.write('trace', args);
  }
  silent() {}
}

export const lazyChildLoggerFactory: NonNullable<FastifyServerOptions['childLoggerFactory']> = (
  logger,
  bindings,
  options,
) => new LazyRequestLogger(logger, bindings, options) as unknown as FastifyBaseLogger;

/**
 * Request ids: a random prefix per process and a counter. Unique across the processes behind a
 * load balancer (2^48 prefixes), and far cheaper than a UUID per request. A client's own
 * `X-Request-Id` is kept only when it is short, plain and nothing like a token (issue 32: a
 * token sent in it went into every line of the log); any other is replaced by one of ours.
 */
export const requestIdGenerator = () => {
  const prefix = randomBytes(6).toString('hex');
  let next = 0;
  return (request?: { headers: Record<string, string | string[] | undefined> }) => {
    const given = request?.headers['x-request-id'];
    if (isSafeRequestId(given)) return given;
    next += 1;
    return `${prefix}-${next.toString(36)}`;
  };
};
