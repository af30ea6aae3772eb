import {
  type AccessRule,
  canAccess,
  type Role,
  roleFromTypeId,
} from '@esd/shared/access/access.rules';
import type { ApiKeyScope } from '@esd/shared/api-keys/api-keys.schemas';
import { and, eq, isNull, lte, or, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { apiKeys, authSessions, users } from '../db/schema';
import { looksLikeApiKey, parseApiKey, secretMatches } from '../lib/api-key-secret';
import { AppError } from '../lib/errors';
import { exactQueryToken } from '../lib/log-redaction';
import { createTokenService, type RequestProvider, type TokenClaims } from '../lib/tokens';
import { takeUses } from '../lib/usage-limit';
import { createNotifiedCache } from './notified-cache';
import { createUserCache } from './user-cache';

export type UserRow = typeof users.$inferSelect;
type AuthSession = typeof authSessions.$inferSelect;

/** Migration 0022's trigger sends a session's id here when it is ended or removed. */
const SESSIONS_CHANGED_CHANNEL = 'esd_sessions_changed';

export type Session = {
  user: UserRow;
  role: Role;
  /** the token's claims; for an API key, what stands for them, with `provider` `api-key` */
  claims: Omit<TokenClaims, 'provider'> & { provider: RequestProvider };
  /** the sign-in the token belongs to: ended by sign-out, over at its absolute end */
  signIn: { id: string; expiresAt: Date };
  /** its role requires a second factor and it has none yet: only enrolment routes answer */
  mustEnrol: boolean;
  /**
   * set when the request came with a dealer's API key (issue 34): the session is its dealer's,
   * `claims` and `signIn` stand for the key, and only routes naming one of its scopes answer
   */
  apiKey: { id: number; scopes: ApiKeyScope[] } | null;
};

/** `anonymous`: anyone, signed in or not. Any other value: a spec 6 rule. */
type RouteAccess = AccessRule | 'anonymous';

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
    /** a GET route that changes data (the spec's basket calls): its user is read afresh */
    writes?: boolean;
    /** open to a user who must still enrol a second factor (MFA_REQUIRED_ROLES) */
    enrolment?: boolean;
    /**
     * the API-key scope that opens this route to a dealer's key (issue 34); without one, every
     * key is refused (API_KEY_SCOPE) — key management, profile, passwords, second factors,
     * settings and admin routes name none
     */
    apiScope?: ApiKeyScope;
  }
  interface FastifyRequest {
    session: Session | null;
    /** a GET/HEAD route that changes nothing (not `writes`), settled once per request */
    isRead: boolean;
  }
}

/** The token from `Authorization: Bearer` or the spec's `?token=` (that exact spelling only). */
const readToken = (request: FastifyRequest): string | undefined => {
  const header = request.headers.authorization;
  if (header?.startsWith('Bearer ')) return header.slice(7).trim() || undefined;
  return exactQueryToken(request.url);
};

const isReadRoute = (request: FastifyRequest) =>
  (request.method === 'GET' || request.method === 'HEAD') &&
  request.routeOptions.config?.writes !== true;

/** The API key from `Authorization: Bearer esd_…`: keys never travel in URLs. */
const readApiKey = (request: FastifyRequest): string | undefined => {
  const header = request.headers.authorization;
  if (!header?.startsWith('Bearer ')) return undefined;
  const token = header.slice(7).trim();
  return looksLikeApiKey(token) ? token : undefined;
};

const MAX_VERIFIED_TOKENS = 10_000;
const LAST_SEEN_EVERY_MS = 60_000;
const USER_CACHE_MS = 5000;

/**
 * Every /api route declares its access rule; the server refuses to start otherwise.
 * Authentication and authorization run before validation, so strangers learn nothing.
 */
export const authPlugin = fp(
  async (app: FastifyInstance) => {
    const tokens = createTokenService({
      secret: app.config.jwtSecret,
      ttlSeconds: app.config.TOKEN_TTL_SECONDS,
      clock: app.clock,
    });
    app.decorate('tokens', tokens);
    app.decorateRequest('session', null);
    app.decorateRequest('isRead', false);

    app.addHook('onRoute', (route) => {
      if (!route.url.startsWith('/api') || route.url.startsWith('/api/docs')) return;
      if (!route.config?.access) {
        throw new Error(`route ${route.method} ${route.url} declares no access rule`);
      }
    });

    // prepared once: every authenticated request runs it, so its plan is kept
    const findUser = app.db
      .select()
      .from(users)
      .where(eq(users.id, sql.placeholder('id')))
      .limit(1)
      .prepare('auth_find_user');

    // A token's signature, once checked, stays good until it expires: each process remembers
    // the tokens it has verified (bounded) instead of checking the HMAC on every request.
    const verified = new Map<string, TokenClaims>();
    const verifyToken = async (token: string): Promise<TokenClaims | null> => {
      const known = verified.get(token);
      if (known) {
        if (known.expiresAt * 1000 > app.clock.now().getTime()) return known;
        verified.delete(token);
        return null;
      }
      const claims = await tokens.verify(token);
      if (claims) {
        if (verified.size >= MAX_VERIFIED_TOKENS) verified.clear();
        verified.set(token, claims);
      }
      return claims;
    };

    // Reads (GET/HEAD) take the user from a short per-process cache that every change to the
    // users table empties at once (LISTEN/NOTIFY, migration 0015); writes always read the row
    // afresh, and after a write this process forgets every cached user before answering.
    const userCache = await createUserCache<UserRow>(
      app.database,
      USER_CACHE_MS,
      (error) =>
        app.log.warn({ err: error }, 'user cache listener lost; reading users afresh meanwhile'),
      app.clock,
    );
    app.addHook('onClose', async () => userCache.close());
    const readUser = async (id: number) => (await findUser.execute({ id }))[0];

    // Sign-ins the same way: a sign-out anywhere tells every process at once (migration 0022)
    const signIns = await createNotifiedCache<AuthSession>(
      app.database,
      {
        channel: SESSIONS_CHANGED_CHANNEL,
        ttlMs: USER_CACHE_MS,
        applicationName: 'esd-session-cache',
        clock: app.clock,
      },
      (error) =>
        app.log.warn({ err: error }, 'session cache listener lost; reading sessions afresh'),
    );
    app.addHook('onClose', async () => signIns.close());
    const findSignIn = app.db
      .select()
      .from(authSessions)
      .where(eq(authSessions.id, sql.placeholder('id')))
      .limit(1)
      .prepare('auth_find_session');
    const readSignIn = async (id: string) => (await findSignIn.execute({ id }))[0];
    // a write reads both afresh, in one statement: no row when the sign-in is gone or is not
    // the token's user's
    const findSignInWithUser = app.db
      .select({ user: users, signIn: authSessions })
      .from(authSessions)
      .innerJoin(users, eq(users.id, authSessions.userId))
      .where(
        and(
          eq(authSessions.id, sql.placeholder('sessionId')),
          eq(users.id, sql.placeholder('userId')),
        ),
      )
      .limit(1)
      .prepare('auth_find_session_user');
    const readSignInWithUser = async (claims: TokenClaims) => {
      const [row] = await findSignInWithUser.execute({
        sessionId: claims.sessionId,
        userId: claims.userId,
      });
      return [row?.user, row?.signIn] as const;
    };

    // The owner's list of sign-ins shows when and from where each was last used: written at
    // most once a minute per sign-in, never on every request. The cached row is marked first, so
    // this process does not write twice; another process's write within the minute matches no row.
    const touchSignIn = async (signIn: AuthSession, ip: string) => {
      const now = app.clock.now();
      const seen = signIn.lastSeenAt?.getTime();
      if (seen !== undefined && now.getTime() - seen < LAST_SEEN_EVERY_MS) return;
      signIn.lastSeenAt = now;
      signIn.ipAddress = ip.slice(0, 64);
      await app.db
        .update(authSessions)
        .set({ lastSeenAt: now, ipAddress: signIn.ipAddress })
        .where(
          and(
            eq(authSessions.id, signIn.id),
            or(
              isNull(authSessions.lastSeenAt),
              lte(authSessions.lastSeenAt, new Date(now.getTime() - LAST_SEEN_EVERY_MS)),
            ),
          ),
        );
    };

    const loadSession = async (
      token: string,
      isRead: boolean,
      ip: string,
    ): Promise<Session | null> => {
      const claims = await verifyToken(token);
      if (!claims) return null;
      const [user, signIn] = isRead
        ? await Promise.all([
            userCache.read(claims.userId, () => readUser(claims.userId)),
            signIns.read(claims.sessionId, () => readSignIn(claims.sessionId)),
          ])
        : await readSignInWithUser(claims);
      if (!user?.isActive || user.sessionVersion !== claims.sessionVersion) return null;
      if (!signIn || signIn.userId !== user.id || signIn.endedAt) return null;
      if (signIn.expiresAt <= app.clock.now()) return null;
      const role = roleFromTypeId(user.typeId);
      if (!role) return null;
      await touchSignIn(signIn, ip);
      const mustEnrol = !user.mfaEnabled && app.config.mfaRequiredTypeIds.includes(user.typeId);
      return { user, role, claims, signIn, mustEnrol, apiKey: null };
    };

    // A key is read from the database on every request (one indexed join): a revoked or expired
    // key, or its dealer deactivated, is refused at once by every process, with no cache to empty.
    const findKey = app.db
      .select({ key: apiKeys, user: users })
      .from(apiKeys)
      .innerJoin(users, eq(users.id, apiKeys.dealerId))
      .where(eq(apiKeys.prefix, sql.placeholder('prefix')))
      .limit(1)
      .prepare('auth_find_api_key');

    // last use written at most once a minute per key, as sign-ins are (touchSignIn above)
    const touchKey = async (key: typeof apiKeys.$inferSelect, ip: string) => {
      const now = app.clock.now();
      const used = key.lastUsedAt?.getTime();
      if (used !== undefined && now.getTime() - used < LAST_SEEN_EVERY_MS) return;
      await app.db
        .update(apiKeys)
        .set({ lastUsedAt: now, lastUsedIp: ip.slice(0, 64) })
        .where(
          and(
            eq(apiKeys.id, key.id),
            or(
              isNull(apiKeys.lastUsedAt),
              lte(apiKeys.lastUsedAt, new Date(now.getTime() - LAST_SEEN_EVERY_MS)),
            ),
          ),
        );
    };

    const refuseKey = (): never => {
      throw new AppError(
        'UNAUTHORIZED',
        'This API key is not valid: it is unknown, revoked or expired, or its dealer account is deactivated.',
        { reason: 'api_key_invalid' },
      );
    };

    /** The dealer session of a valid key; refuses (401) any other. */
    const loadKeySession = async (
      token: string,
      ip: string,
    ): Promise<Session & { apiKey: NonNullable<Session['apiKey']> }> => {
      const parsed = parseApiKey(token) ?? refuseKey();
      const [row] = await findKey.execute({ prefix: parsed.prefix });
      if (!row || !secretMatches(parsed.secret, row.key.secretHash)) return refuseKey();
      const { key, user } = row;
      const now = app.clock.now();
      if (key.revokedAt || key.expiresAt <= now) return refuseKey();
      // a key acts as its dealer, never more: only an active dealer's keys answer
      const role = roleFromTypeId(user.typeId);
      if (!user.isActive || role !== 'd') return refuseKey();
      await touchKey(key, ip);
      const expiresAt = Math.floor(key.expiresAt.getTime() / 1000);
      return {
        user,
        role,
        claims: {
          userId: user.id,
          sessionId: `api-key:${key.id}`,
          sessionVersion: user.sessionVersion,
          provider: 'api-key',
          expiresAt,
        },
        signIn: { id: `api-key:${key.id}`, expiresAt: key.expiresAt },
        mustEnrol: !user.mfaEnabled && app.config.mfaRequiredTypeIds.includes(user.typeId),
        apiKey: { id: key.id, scopes: key.scopes },
      };
    };

    /** Per key, shared by every process (usage_counters); a refusal says when to retry. */
    const countKeyUse = (keyId: number) =>
      takeUses(app.db, [
        {
          key: `api-key:${keyId}`,
          max: app.config.API_KEY_RATE_LIMIT_PER_MINUTE,
          windowSeconds: 60,
          message: 'Too many requests with this API key: try again in {minutes} minute.',
        },
      ]);

    app.addHook('onSend', (request, _reply, payload, done) => {
      // isRead is settled in onRequest below; a request refused before it (404, 503) is judged here
      if (!request.isRead && !isReadRoute(request)) {
        userCache.clear();
        signIns.clear();
      }
      done(null, payload);
    });

    app.addHook('onRequest', async (request) => {
      // routeOptions builds a new object on every read: read it once
      const config = request.routeOptions.config;
      request.isRead =
        (request.method === 'GET' || request.method === 'HEAD') && config?.writes !== true;
      const access = config?.access;
      if (!access) return;
      const apiKey = readApiKey(request);
      if (apiKey) {
        const session = await loadKeySession(apiKey, request.ip);
        request.session = session;
        await countKeyUse(session.apiKey.id);
        const scope = config.apiScope;
        if (!scope || !session.apiKey.scopes.includes(scope)) {
          throw new AppError(
            'API_KEY_SCOPE',
            scope
              ? `This API key lacks the scope ${scope} that this request needs.`
              : 'No API key may use this request: sign in to the portal instead.',
            { scope: scope ?? null },
          );
        }
      } else {
        const token = readToken(request);
        if (token) request.session = await loadSession(token, request.isRead, request.ip);
      }
      if (access === 'anonymous') return;
      if (!request.session) {
        throw new AppError('UNAUTHORIZED', 'Authentication required: sign in again.');
      }
      if (request.session.mustEnrol && config.enrolment !== true) {
        throw new AppError(
          'MFA_ENROLMENT_REQUIRED',
          'Set up a second factor (an authenticator app or a passkey) before using the portal.',
        );
      }
      if (!canAccess(access, request.session.role)) {
        throw new AppError('FORBIDDEN', 'You do not have access to this resource.');
      }
    });
  },
  { name: 'auth', dependencies: ['config', 'database'] },
);

/**
 * The session of a sign-in, with its token's claims, for a route that reads them (the profile,
 * a token renewed). An API key's session is no sign-in: such routes name no API scope, so a key
 * is refused before it gets here, and this refuses it the same way should one ever.
 */
export const requireSignIn = (session: Session): Session & { claims: TokenClaims } => {
  const { provider } = session.claims;
  if (provider === 'api-key') {
    throw new AppError(
      'API_KEY_SCOPE',
      'No API key may use this request: sign in to the portal instead.',
      { scope: null },
    );
  }
  return { ...session, claims: { ...session.claims, provider } };
};

/** The signed-in session of a route whose access rule guarantees one. */
export const requireSession = (request: FastifyRequest): Session => {
  if (!request.session)
    throw new AppError('UNAUTHORIZED', 'Authentication required: sign in again.');
  return request.session;
};
