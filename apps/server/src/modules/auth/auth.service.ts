import { createHash, randomBytes } from 'node:crypto';
import type { LoginData, PasswordLink } from '@esd/shared/auth/auth.schemas';
import { isLanguage } from '@esd/shared/constants';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config/env';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import { assertStrongPassword, hashPassword, verifyPassword } from '../../lib/passwords';
import type { SessionProvider, TokenService } from '../../lib/tokens';
import type { Session, UserRow } from '../../plugins/auth';
import type { Mailer } from '../../plugins/mail';
import { passwordResetMail } from './auth.mail';
import * as repo from './auth.repository';
import { toProfile } from './profile';

const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

const invalidResetToken = () =>
  new AppError(
    'INVALID_RESET_TOKEN',
    'This password reset link is invalid, used or expired. Ask for a new one.',
  );

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
    | 'LOGIN_MAX_FAILURES_PER_ACCOUNT'
    | 'LOGIN_MAX_FAILURES_PER_ADDRESS'
  >;
}) => {
  const windowSeconds = config.LOGIN_FAILURE_WINDOW_SECONDS;

  const issueLogin = async (user: UserRow, provider: SessionProvider): Promise<LoginData> => {
    const started = await repo.startSession(db, {
      userId: user.id,
      provider,
      maxHours: config.SESSION_MAX_HOURS,
      now: clock.now(),
    });
    const { token, expiresAt } = await tokens.sign({
      userId: user.id,
      sessionId: started.id,
      sessionVersion: user.sessionVersion,
      provider,
      notAfter: started.expiresAt.getTime() / 1000,
    });
    return { token, user: toProfile(user, { expiresAt, provider }) };
  };

  /** A fresh token of the same sign-in: never past the sign-in's absolute end. */
  const reissue = (session: Session, sessionVersion: number) =>
    tokens.sign({
      userId: session.user.id,
      sessionId: session.signIn.id,
      sessionVersion,
      provider: session.claims.provider,
      notAfter: session.signIn.expiresAt.getTime() / 1000,
    });

  const assertNotThrottled = async (keys: { key: string; max: number }[], now: Date) => {
    for (const { key, max } of keys) {
      if ((await repo.countRecentFailures(db, { key, windowSeconds, now })) >= max) {
        throw new AppError('RATE_LIMITED', 'Too many failed sign-in attempts. Try again later.', {
          retry_after: windowSeconds,
        });
      }
    }
  };

  return {
    /** One answer for a wrong e-mail and a wrong password; failures limited per account and address. */
    login: async (input: { email: string; password: string; ip: string }): Promise<LoginData> => {
      const accountKey = `account:${input.email}`;
      const addressKey = `address:${input.ip}`;
      const now = clock.now();
      await assertNotThrottled(
        [
          { key: accountKey, max: config.LOGIN_MAX_FAILURES_PER_ACCOUNT },
          { key: addressKey, max: config.LOGIN_MAX_FAILURES_PER_ADDRESS },
        ],
        now,
      );
      const user = await repo.findUserByEmail(db, input.email);
      const isValid = await verifyPassword(user?.passwordHash, input.password);
      if (!user || !isValid) {
        await repo.recordFailure(db, { key: accountKey, windowSeconds, now });
        await repo.recordFailure(db, { key: addressKey, windowSeconds, now });
        throw invalidCredentials();
      }
      if (!user.isActive) throw new AppError('ACCOUNT_DISABLED', 'This account is deactivated.');
      await repo.clearFailures(db, accountKey);
      return issueLogin(user, 'password');
    },

    loginVerifiedEmail: async (email: string): Promise<LoginData> => {
      const user = await repo.findUserByEmail(db, email.toLowerCase());
      if (!user) {
        throw new AppError('OIDC_REJECTED', 'No portal account uses this e-mail address.');
      }
      if (!user.isActive) throw new AppError('ACCOUNT_DISABLED', 'This account is deactivated.');
      return issueLogin(user, 'oidc');
    },

    refresh: async (session: Session) => {
      const { token, expiresAt } = await reissue(session, session.user.sessionVersion);
      return { token, token_expired: expiresAt };
    },

    /** Sign-out: this sign-in's tokens are refused at once, on every process. */
    logout: async (session: Session) => {
      await repo.endSession(db, session.signIn.id);
    },

    /** Always the same answer; mail goes out only for an active account. */
    requestPasswordReset: async (email: string, log: FastifyBaseLogger) => {
      const user = await repo.findUserByEmail(db, email);
      if (!user?.isActive) return;
      const token = randomBytes(32).toString('base64url');
      await repo.insertResetToken(db, {
        userId: user.id,
        tokenHash: sha256(token),
        kind: 'reset',
        expiresAt: new Date(clock.now().getTime() + RESET_TOKEN_TTL_MS),
      });
      const link = `${config.publicUrl}/pages/reset-password?token=${token}`;
      const lang = isLanguage(user.lang) ? user.lang : 'en';
      const mail = passwordResetMail(lang, user.name, link);
      // sent after the answer, so its timing does not tell whether the account exists
      void mailer
        .send({ to: user.email, ...mail })
        .catch((error: unknown) => log.error({ err: error }, 'password reset mail failed'));
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
      const passwordHash = await hashPassword(input.password);
      await db.transaction(async (tx) => {
        const userId = await repo.consumeResetToken(tx, {
          tokenHash: sha256(input.token),
          now: clock.now(),
        });
        if (!userId) throw invalidResetToken();
        await repo.setPasswordAndEndSessions(tx, userId, passwordHash);
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
