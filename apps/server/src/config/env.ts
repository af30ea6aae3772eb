import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

const bool = z
  .enum(['true', 'false', '1', '0', ''])
  .transform((v) => v === 'true' || v === '1')
  .optional();

const HH_MM = /^([01]\d|2[0-3]):[0-5]\d$/;

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  /** this machine only by default; `HOST=0.0.0.0` serves the network */
  HOST: z.string().min(1).default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** where users reach the portal; used in e-mailed links */
  PUBLIC_URL: z.url().optional(),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  /** how often an idle delivery worker looks for jobs queued by other processes (pg-boss ≥ 0.5 s) */
  JOB_POLL_SECONDS: z.coerce.number().min(0.5).max(60).default(1),
  /** when the job that retries a failed delivery started at once becomes due (modules/delivery/delivery.jobs.ts) */
  JOB_BACKSTOP_SECONDS: z.coerce.number().min(0).max(300).default(5),
  /** tries after a failed automatic mail (SMTP down) before the job goes to the dead letters */
  MAIL_RETRY_LIMIT: z.coerce.number().int().min(0).max(50).default(8),
  /** first wait before retrying a mail; it doubles (with jitter) at each retry: 30 s → ~2–4 h in all */
  MAIL_RETRY_DELAY_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  /** when (Baku time, HH:MM) admins get the daily digest of cash orders waiting for payment */
  ADMIN_DIGEST_TIME: z
    .string()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be a time of day, HH:MM (00:00 to 23:59)')
    .default('09:00'),
  TOKEN_TTL_SECONDS: z.coerce.number().int().min(300).max(86_400).default(3600),
  /** a sign-in's absolute lifetime: refresh never carries its tokens further */
  SESSION_MAX_HOURS: z.coerce.number().int().min(1).max(720).default(12),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().min(3).default('ESD Portal <no-reply@esd.local>'),
  OIDC_ISSUER: z.url().optional(),
  OIDC_CLIENT_ID: z.string().min(1).optional(),
  OIDC_SCOPE: z.string().default('openid profile email'),
  /**
   * failed sign-ins of one account from one client address before each next try of that pair
   * waits (1 s, doubling, up to LOGIN_MAX_DELAY_SECONDS); an account as a whole is never refused
   */
  LOGIN_FREE_FAILURES_PER_PAIR: z.coerce.number().int().min(1).max(1000).default(5),
  /** failed sign-ins from one client address, whatever the accounts, before its tries wait */
  LOGIN_FREE_FAILURES_PER_ADDRESS: z.coerce.number().int().min(1).max(10_000).default(20),
  /** the longest wait a run of failures can reach (the delay doubles up to it) */
  LOGIN_MAX_DELAY_SECONDS: z.coerce.number().int().min(1).max(86_400).default(900),
  /** failures of a pair or address are forgotten once none came for this long */
  LOGIN_FAILURE_WINDOW_SECONDS: z.coerce.number().int().min(60).max(604_800).default(86_400),
  /**
   * failed sign-ins against one account within a day, from anywhere, after which its owner is
   * mailed that someone is guessing (at most one mail a day)
   */
  LOGIN_GUESSING_ALERT_FAILURES: z.coerce.number().int().min(1).max(100_000).default(20),
  /**
   * requests per minute and address to each anonymous auth route (sign-in, reset, SSO),
   * counted in the database: every process together allows this many
   */
  ANONYMOUS_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(30),
  /**
   * requests per minute each dealer API key may make (issue 34), counted in the database: every
   * process together allows this many; past it the key is answered 429 with Retry-After
   */
  API_KEY_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(120),
  /**
   * the least zxcvbn score (0–4) a new password needs: dealers and users, and global and local
   * admins, whose password alone changes prices and imports keys
   */
  PASSWORD_MIN_SCORE: z.coerce.number().int().min(0).max(4).default(2),
  PASSWORD_MIN_SCORE_ADMIN: z.coerce.number().int().min(0).max(4).default(3),
  /**
   * Roles (type ids) that must sign in with a second factor: 1 global admin, 2 local admin by
   * default; `none` requires it of nobody (the loopback demo of `npm start`). Any role may enrol.
   */
  MFA_REQUIRED_ROLES: z
    .string()
    .regex(/^(none|[1-4](,[1-4])*)$/, 'must be role ids 1 to 4 separated by commas, or none')
    .default('1,2'),
  /** "Become a Partner" applications per hour and address (spam protection) */
  PARTNER_APPLICATIONS_PER_HOUR: z.coerce.number().int().min(1).default(5),
  /** Adobe VIP Marketplace partner API; unset: a local sandbox started in this process */
  ADOBE_API_URL: z.url().optional(),
  /** Adobe IMS token endpoint base; defaults to ADOBE_API_URL (the sandbox serves both) */
  ADOBE_IMS_URL: z.url().optional(),
  ADOBE_CLIENT_ID: z.string().min(1).default('esd-sandbox-client'),
  ADOBE_CLIENT_SECRET: z.string().min(1).default('esd-sandbox-secret'),
  ADOBE_API_KEY: z.string().min(1).default('esd-sandbox-key'),
  ADOBE_RESELLER_ID: z.string().min(1).default('P1005195802'),
  /**
   * Which peers may name the client in X-Forwarded-For (sign-in limits and rate limits count per
   * client address): a proxy on this machine only by default (issue 32: trusting every
   * private-network peer let any client there rotate the header past every per-address limit);
   * `true` any peer (only behind a proxy that overwrites the header), `false` none, or a list of
   * addresses/CIDRs (`loopback`, `linklocal`, `uniquelocal` name those ranges).
   */
  TRUST_PROXY: z.string().default('loopback'),
  /**
   * The central bank's daily rates file, `{date}` standing for DD.MM.YYYY; `off` stops the daily
   * fetch (rates are then typed or imported by hand)
   */
  CBAR_RATES_URL: z
    .union([
      z.literal('off'),
      z
        .url({ protocol: /^https?$/ })
        .refine((url) => url.includes('{date}'), 'must contain {date} (DD.MM.YYYY)'),
    ])
    .default('https://www.cbar.az/currencies/{date}.xml'),
  /** Baku time (HH:MM) of the daily fetch of the central bank's rate */
  CBAR_FETCH_AT: z.string().regex(HH_MM, 'must be HH:MM (24-hour, Baku time)').default('10:00'),
  /**
   * wait between tries of a fetch that found no rate (file not out yet, bank down, a bad or
   * another day's file), tried until the rate lands or the Baku day ends: 1 s to 6 hours
   */
  CBAR_RETRY_DELAY_SECONDS: z.coerce
    .number({ message: 'must be a whole number of seconds' })
    .int('must be a whole number of seconds')
    .min(1, 'must be at least 1 second')
    .max(21_600, 'must be at most 21600 seconds (6 hours)')
    .default(900),
  /**
   * Baku time (HH:MM) by which today's rate should be in: after it the rates page warns and
   * global admins get one mail a day; `off`: neither
   */
  RATE_DUE_AT: z
    .union([z.literal('off'), z.string().regex(HH_MM, 'must be HH:MM (24-hour, Baku time) or off')])
    .default('12:00'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().optional(),
  /** bearer token a Prometheus scraper sends to GET /api/metrics (a global admin's session works too) */
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  SEED_DEMO: bool,
  /**
   * lets a server that other machines reach start with the demo data or the built-in Adobe
   * sandbox anyway (a shared test server); without it such a server refuses to start
   */
  ALLOW_DEMO: bool,
  /**
   * lets webhooks go to loopback, private and link-local addresses and over plain http (tests,
   * a closed network); off, a target must be https and resolve to public addresses only
   */
  WEBHOOK_ALLOW_PRIVATE: bool,
  /** the first retry's delay of a failed webhook; each next one doubles, up to 6 hours */
  WEBHOOK_RETRY_BASE_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
});

type Env = z.infer<typeof envSchema>;

export type Config = Env & {
  dataDir: string;
  jwtSecret: string;
  publicUrl: string;
  isEmbeddedDb: boolean;
  isSmtpConfigured: boolean;
  isOidcEnabled: boolean;
  trustProxy: boolean | string[];
  /** the type ids of MFA_REQUIRED_ROLES */
  mfaRequiredTypeIds: number[];
};

export class ConfigError extends Error {}

/** Whether the server can be reached from this machine only. */
export const isLoopbackHost = (host: string) =>
  host === 'localhost' || host === '::1' || /^127(\.\d{1,3}){3}$/.test(host);

type DemoParts = Pick<Config, 'HOST' | 'SEED_DEMO' | 'ADOBE_API_URL'>;

/**
 * What of the demo other machines would reach: the demo accounts (their password is in the
 * README) and the built-in Adobe sandbox (orders that look real and are not). Empty on loopback.
 */
const exposedDemoParts = (config: DemoParts): string[] => {
  if (isLoopbackHost(config.HOST)) return [];
  return [
    ...(config.SEED_DEMO !== false ? ['the demo data (SEED_DEMO; its password is public)'] : []),
    ...(config.ADOBE_API_URL ? [] : ['the built-in Adobe sandbox (ADOBE_API_URL unset)']),
  ];
};

/**
 * The warning a server that starts with demo parts reachable by others (`ALLOW_DEMO=true`)
 * prints. Undefined when there is nothing to warn of.
 */
export const demoExposureWarning = (config: DemoParts) => {
  const parts = exposedDemoParts(config);
  return parts.length > 0
    ? `WARNING: ${parts.join(' and ')} reachable at ${config.HOST} (ALLOW_DEMO=true). Set SEED_DEMO=false and ADOBE_API_URL on a server others can reach, or listen on 127.0.0.1.`
    : undefined;
};

/** Parses the environment; a wrong value stops the server with the variable's name. */
export const loadConfig = (source: NodeJS.ProcessEnv = process.env): Config => {
  const cleaned = Object.fromEntries(
    Object.entries(source).filter(([, value]) => value !== undefined && value !== ''),
  );
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const env = parsed.data;
  if (Boolean(env.OIDC_ISSUER) !== Boolean(env.OIDC_CLIENT_ID)) {
    throw new ConfigError(
      'Invalid configuration:\n  OIDC_ISSUER and OIDC_CLIENT_ID must be set together',
    );
  }
  const exposed = exposedDemoParts(env);
  if (exposed.length > 0 && !env.ALLOW_DEMO) {
    throw new ConfigError(
      `Invalid configuration:\n  HOST: ${env.HOST} lets other machines reach ${exposed.join(' and ')}. Set SEED_DEMO=false and ADOBE_API_URL, listen on 127.0.0.1, or set ALLOW_DEMO=true to start anyway.`,
    );
  }
  const dataDir = path.resolve(env.DATA_DIR);
  return {
    ...env,
    dataDir,
    jwtSecret: env.JWT_SECRET ?? readOrCreateSecret(dataDir),
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ''),
    isEmbeddedDb: !env.DATABASE_URL,
    isSmtpConfigured: Boolean(env.SMTP_URL),
    isOidcEnabled: Boolean(env.OIDC_ISSUER && env.OIDC_CLIENT_ID),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    mfaRequiredTypeIds:
      env.MFA_REQUIRED_ROLES === 'none' ? [] : env.MFA_REQUIRED_ROLES.split(',').map(Number),
  };
};

const parseTrustProxy = (value: string): boolean | string[] => {
  if (value === 'true' || value === 'false') return value === 'true';
  return value
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
};

/** A generated secret survives restarts so that issued tokens stay valid. */
const readOrCreateSecret = (dataDir: string): string => {
  const file = path.join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  try {
    writeFileSync(file, secret, { mode: 0o600, flag: 'wx' });
    return secret;
  } catch (error) {
    // another process created it first: use theirs
    if ((error as NodeJS.ErrnoException).code === 'EEXIST')
      return readFileSync(file, 'utf8').trim();
    throw error;
  }
};
