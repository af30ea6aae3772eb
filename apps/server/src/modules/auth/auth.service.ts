import { createHash, randomBytes } from 'node:crypto';
import type { LoginData, PasswordLink } from '@esd/shared/auth/auth.schemas';
import type { LoginResult } from '@esd/shared/auth/mfa.schemas';
import { isLanguage } from '@esd/shared/constants';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config/env';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import { assertPasswordStrength } from '../../lib/password-strength';
import { assertStrongPassword, hashPassword, verifyPassword } from '../../lib/passwords';
import { portalLink } from '../../lib/portal-link';
import type { SessionProvider, TokenService } from '../../lib/tokens';
import { requireSignIn, type Session, type UserRow } from '../../plugins/auth';
import type { Mailer } from '../../plugins/mail';
import { guessingAlertMail, passwordResetMail } from './auth.mail';
import * as repo from './auth.repository';
import { createMfaService } from './mfa.service';
import { toProfile } from './profile';

const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

const invalidResetToken = () =>
  new AppError(
    'INVALID_RESET_TOKEN',
    'This password reset link is invalid, used or expired. Ask for a new one.',
  );

/**
 * What failed sign-ins are counted under: the client address, the account tried from it (the
 * e-mail hashed, so any length fits) and the account alone (only to tell its owner).
 */
const throttleKeys = (email: string, ip: string) => ({
  address: `address:${ip}`,
  pair: `pair:${ip}:${sha256(email)}`,
  account: `account:${sha256(email)}`,
});

const invalidCredentials = () => new AppError('INVALID_CREDENTIALS', 'Invalid e-mail or password.');

export const createAuthService = ({
  db,
  tokens,
  mailer,
  clock,
  config,
}: {
  db: Db;
  tokens: TokenService;
  mailer: Mailer;
  clock: Clock;
  config: Pick<
    Config,
    | 'publicUrl'
    | 'SESSION_MAX_HOURS'
    | 'LOGIN_FAILURE_WINDOW_SECONDS'
    | 'LOGIN_FREE_FAILURES_PER_PAIR'
    | 'LOGIN_FREE_FAILURES_PER_ADDRESS'
    | 'LOGIN_MAX_DELAY_SECONDS'
    | 'LOGIN_GUESSING_ALERT_FAILURES'
    | 'PASSWORD_MIN_SCORE'
    | 'PASSWORD_MIN_SCORE_ADMIN'
    | 'mfaRequiredTypeIds'
  >;
}) => {
  const strengthPolicy = {
    minScore: config.PASSWORD_MIN_SCORE,
    minScoreAdmin: config.PASSWORD_MIN_SCORE_ADMIN,
  };

  const issueLogin = async (
    user: UserRow,
    provider: SessionProvider,
    client?: repo.SignInClient,
  ): Promise<LoginData> => {
    const started = await repo.startSession(db, {
      userId: user.id,
      provider,
      maxHours: config.SESSION_MAX_HOURS,
      now: clock.now(),
      ...(client ? { client } : {}),
    });
    const { token, expiresAt } = await tokens.sign({
      userId: user.id,
      sessionId: started.id,
      sessionVersion: user.sessionVersion,
      provider,
      notAfter: started.expiresAt.getTime() / 1000,
    });
    const mustEnrol = !user.mfaEnabled && config.mfaRequiredTypeIds.includes(user.typeId);
    return { token, user: toProfile(user, { expiresAt, provider, mustEnrol }) };
  };

  const mfa = createMfaService({ db, clock, config, issueLogin });

  /** The first factor passed: a session, or the second step when the account has a factor. */
  const afterFirstFactor = (
    user: UserRow,
    provider: SessionProvider,
    client?: repo.SignInClient,
  ): Promise<LoginResult> =>
    user.mfaEnabled ? mfa.startSecondStep(user, provider) : issueLogin(user, provider, client);

  /** A fresh token of the same sign-in: never past the sign-in's absolute end. */
  const reissue = (session: Session, sessionVersion: number) =>
    tokens.sign({
      userId: session.user.id,
      sessionId: session.signIn.id,
      sessionVersion,
      // an API key's session is no sign-in: no token is ever made of it
      provider: requireSignIn(session).claims.provider,
      notAfter: session.signIn.expiresAt.getTime() / 1000,
    });

  /** Counts a failure of the pair and the address, and of the account (to tell its owner). */
  const recordFailure = async (
    keys: ReturnType<typeof throttleKeys>,
    user: UserRow | undefined,
    now: Date,
    log: FastifyBaseLogger,
  ) => {
    const run = {
      maxDelaySeconds: config.LOGIN_MAX_DELAY_SECONDS,
      windowSeconds: config.LOGIN_FAILURE_WINDOW_SECONDS,
      now,
    };
    await repo.recordThrottledFailure(db, {
      key: keys.pair,
      free: config.LOGIN_FREE_FAILURES_PER_PAIR,
      ...run,
    });
    await repo.recordThrottledFailure(db, {
      key: keys.address,
      free: config.LOGIN_FREE_FAILURES_PER_ADDRESS,
      ...run,
    });
    const failures = await repo.countAccountFailure(db, { key: keys.account, now });
    if (!user?.isActive || failures < config.LOGIN_GUESSING_ALERT_FAILURES) return;
    if (!(await repo.claimGuessingAlert(db, { key: keys.account, now }))) return;
    const lang = isLanguage(user.lang) ? user.lang : 'en';
    // after the answer, like the reset mail: its timing tells nothing
    void mailer
      .send({ to: user.email, ...guessingAlertMail(lang, user.name, failures) })
      .catch((error: unknown) => log.error({ err: error }, 'sign-in guessing mail failed'));
  };

  return {
    issueLogin,
    mfa,

    /**
     * One answer for a wrong e-mail and a wrong password. Failures slow the client address and
     * the account-and-address pair with growing delays, never the account as a whole: the owner
     * signs in from its own address however many others guess (issue 32).
     */
    login: async (input: {
      email: string;
      password: string;
      ip: string;
      userAgent?: string | undefined;
      log: FastifyBaseLogger;
    }): Promise<LoginResult> => {
      const keys = throttleKeys(input.email, input.ip);
      const now = clock.now();
      const until = await repo.blockedUntil(db, [keys.pair, keys.address], now);
      if (until) {
        const wait = Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000));
        throw new AppError(
          'RATE_LIMITED',
          `Too many failed sign-in attempts: try again in ${wait} ${wait === 1 ? 'second' : 'seconds'}.`,
          { retry_after: wait },
        );
      }
      const user = await repo.findUserByEmail(db, input.email);
      const isValid = await verifyPassword(user?.passwordHash, input.password);
      if (!user || !isValid) {
        await recordFailure(keys, user, now, input.log);
        throw invalidCredentials();
      }
      if (!user.isActive) throw new AppError('ACCOUNT_DISABLED', 'This account is deactivated.');
      await repo.clearFailures(db, keys.pair);
      return afterFirstFactor(user, 'password', { ip: input.ip, userAgent: input.userAgent });
    },

    /**
     * SSO is a first factor like the password: an account with a second factor takes the second
     * step, unless the provider says (`amr` "mfa", RFC 8176) it checked more than one factor.
     * The first sign-on binds the provider's subject to the account; from then on only that
     * subject signs it in, whatever e-mail another identity at the provider comes to carry.
     */
    loginVerifiedEmail: async (
      email: string,
      {
        subject,
        hasProviderMfa,
        client,
      }: { subject: string; hasProviderMfa: boolean; client?: repo.SignInClient },
    ): Promise<LoginResult> => {
      const user = await repo.findUserByEmail(db, email.toLowerCase());
      if (!user) {
        throw new AppError('OIDC_REJECTED', 'No portal account uses this e-mail address.');
      }
      if (!user.isActive) throw new AppError('ACCOUNT_DISABLED', 'This account is deactivated.');
      if (!(await repo.bindOidcSubject(db, user.id, subject))) {
        throw new AppError(
          'OIDC_REJECTED',
          'This portal account is linked to another identity at the provider.',
        );
      }
      return hasProviderMfa
        ? issueLogin(user, 'oidc', client)
        : afterFirstFactor(user, 'oidc', client);
    },

    refresh: async (session: Session) => {
      const { token, expiresAt } = await reissue(session, session.user.sessionVersion);
      return { token, token_expired: expiresAt };
    },

    /** Sign-out: this sign-in's tokens are refused at once, on every process. */
    logout: async (session: Session) => {
      await repo.endSession(db, session.signIn.id);
    },

    /**
     * Always the same answer in the same time; mail goes out only for an active account. The
     * lookup, the link and the mail all happen after the answer (issue 32: the link's insert
     * made an address with an account answer later than one without).
     */
    requestPasswordReset: (email: string, log: FastifyBaseLogger) => {
      const issue = async () => {
        const user = await repo.findUserByEmail(db, email);
        if (!user?.isActive) return;
        const token = randomBytes(32).toString('base64url');
        await repo.insertResetToken(db, {
          userId: user.id,
          tokenHash: sha256(token),
          kind: 'reset',
          expiresAt: new Date(clock.now().getTime() + RESET_TOKEN_TTL_MS),
        });
        const lang = isLanguage(user.lang) ? user.lang : 'en';
        const link = portalLink(config.publicUrl, `/pages/reset-password?token=${token}`, lang);
        await mailer.send({ to: user.email, ...passwordResetMail(lang, user.name, link) });
      };
      setImmediate(() =>
        issue().catch((error: unknown) => log.error({ err: error }, 'password reset mail failed')),
      );
    },

    /**
     * What a password link is, for its page to show the right title, or to say at once that it
     * no longer works instead of after the form is filled in. Reads only; the token is hashed.
     */
    passwordLink: async (token: string): Promise<PasswordLink> => {
      const found = await repo.findResetToken(db, { tokenHash: sha256(token), now: clock.now() });
      if (!found) throw invalidResetToken();
      const reason = found.isUsed ? 'used' : found.isExpired ? 'expired' : null;
      return { kind: found.kind, valid: reason === null, reason };
    },

    resetPassword: async (input: { token: string; password: string }) => {
      assertStrongPassword(input.password);
      await db.transaction(async (tx) => {
        const userId = await repo.consumeResetToken(tx, {
          tokenHash: sha256(input.token),
          now: clock.now(),
        });
        if (!userId) throw invalidResetToken();
        const account = await repo.findAccountForPassword(tx, userId);
        if (!account) throw invalidResetToken();
        // a refusal rolls back, so the link still works for a stronger password
        await assertPasswordStrength(input.password, account, strengthPolicy);
        await repo.setPasswordAndEndSessions(tx, userId, await hashPassword(input.password));
        await repo.invalidateResetTokens(tx, userId);
      });
    },

    /** Ends the other sessions and hands this one a fresh token. */
    changePassword: async (
      session: Session,
      input: { current_password: string; new_password: string },
    ) => {
      const isValid = await verifyPassword(session.user.passwordHash, input.current_password);
      if (!isValid) throw new AppError('WRONG_PASSWORD', 'The current password is wrong.');
      assertStrongPassword(input.new_password);
      await assertPasswordStrength(
        input.new_password,
        { name: session.user.name, email: session.user.email, role: session.role },
        strengthPolicy,
      );
      const sessionVersion = await repo.setPasswordAndEndSessions(
        db,
        session.user.id,
        await hashPassword(input.new_password),
      );
      if (sessionVersion === undefined) throw new AppError('NOT_FOUND', 'Account not found.');
      const { token, expiresAt } = await reissue(session, sessionVersion);
      return { token, token_expired: expiresAt };
    },
  };
};
