import { createHash, randomBytes, randomInt } from 'node:crypto';
import type { LoginData } from '@esd/shared/auth/auth.schemas';
import {
  type EnrolResult,
  MFA_TICKET_SECONDS,
  type MfaChallenge,
  type MfaStatus,
  RECOVERY_CODE_COUNT,
  type SecondStepInput,
  type TotpSetup,
} from '@esd/shared/auth/mfa.schemas';
import { Secret, TOTP } from 'otpauth';
import type { Config } from '../../config/env';
import type { Db, DbOrTx } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import type { SessionProvider } from '../../lib/tokens';
import type { Session, UserRow } from '../../plugins/auth';
import type { SignInClient } from './auth.repository';
import * as repo from './mfa.repository';

/** Wrong second-factor answers one ticket allows; then the password step starts again. */
const MAX_TICKET_FAILURES = 5;
const TOTP_PERIOD = 30;
const TOTP_ISSUER = 'ESD portal';
const RECOVERY_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
/** A recovery code's stored form: salted with its account, so equal codes of two differ. */
const recoveryHash = (userId: number, code: string) => sha256(`${userId}:${code}`);

const newRecoveryCode = () => {
  let code = '';
  for (let i = 0; i < 16; i++) code += RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)];
  return code.match(/.{4}/g)!.join('-');
};

const totpOf = (secret: string, label = 'account') =>
  new TOTP({
    issuer: TOTP_ISSUER,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: TOTP_PERIOD,
    secret: Secret.fromBase32(secret),
  });

export const invalidCode = () =>
  new AppError('INVALID_MFA_CODE', 'The code or passkey was not accepted. Try again.');
const ticketExpired = () =>
  new AppError(
    'MFA_TICKET_EXPIRED',
    'The sign-in took too long or had too many tries. Sign in again.',
  );

const isMfaRequired = (config: Pick<Config, 'mfaRequiredTypeIds'>, user: UserRow) =>
  config.mfaRequiredTypeIds.includes(user.typeId);

export type IssueLogin = (
  user: UserRow,
  provider: SessionProvider,
  client?: SignInClient,
) => Promise<LoginData>;

/**
 * Second factors (issue 32): TOTP, one-time recovery codes and the second-step ticket. Passkeys
 * are in passkeys.service.ts and use the ticket through `verifyTicket` / `finishSecondStep`.
 */
export const createMfaService = ({
  db,
  clock,
  config,
  issueLogin,
}: {
  db: Db;
  clock: Clock;
  config: Pick<Config, 'mfaRequiredTypeIds'>;
  issueLogin: IssueLogin;
}) => {
  const issueRecoveryCodes = async (tx: DbOrTx, userId: number) => {
    const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
    await repo.replaceRecoveryCodes(
      tx,
      userId,
      codes.map((code) => recoveryHash(userId, code.replaceAll('-', ''))),
    );
    return codes;
  };

  /** After a factor is added: the first one turns MFA on and brings the recovery codes. */
  const afterEnrol = async (tx: DbOrTx, userId: number): Promise<EnrolResult> => {
    const { wasEnabled } = await repo.syncMfaEnabled(tx, userId);
    return { recovery_codes: wasEnabled ? null : await issueRecoveryCodes(tx, userId) };
  };

  /** The TOTP step a code of `secret` belongs to at `now` (one step of drift each way), if any. */
  const matchingStep = (secret: string, code: string) => {
    const now = clock.now().getTime();
    const delta = totpOf(secret).validate({ token: code, timestamp: now, window: 1 });
    return delta === null ? undefined : Math.floor(now / 1000 / TOTP_PERIOD) + delta;
  };

  const verifyTicket = async (ticket: string) => {
    const found = await repo.findTicket(db, {
      tokenHash: sha256(ticket),
      now: clock.now(),
      maxFailures: MAX_TICKET_FAILURES,
    });
    if (!found) throw ticketExpired();
    return found;
  };

  const failTicket = async (ticket: string): Promise<never> => {
    await repo.countTicketFailure(db, sha256(ticket));
    throw invalidCode();
  };

  /** The session the ticket was for: once, however many requests race for it. */
  const finishSecondStep = async (
    ticket: { tokenHash: string; userId: number; provider: string },
    user: UserRow | undefined,
    client?: SignInClient,
  ) => {
    if (!(await repo.takeTicket(db, { tokenHash: ticket.tokenHash, now: clock.now() }))) {
      throw ticketExpired();
    }
    if (!user?.isActive) throw new AppError('ACCOUNT_DISABLED', 'This account is deactivated.');
    return issueLogin(user, ticket.provider as SessionProvider, client);
  };

  return {
    verifyTicket,
    failTicket,
    finishSecondStep,
    afterEnrol,

    /** The first step passed: a user with a factor gets a ticket for the second, not a session. */
    startSecondStep: async (user: UserRow, provider: SessionProvider): Promise<MfaChallenge> => {
      const ticket = randomBytes(32).toString('base64url');
      const now = clock.now();
      await repo.insertTicket(db, {
        tokenHash: sha256(ticket),
        userId: user.id,
        provider,
        expiresAt: new Date(now.getTime() + MFA_TICKET_SECONDS * 1000),
        now,
      });
      const [totp, passkeys, codes] = await Promise.all([
        repo.findTotp(db, user.id),
        repo.listPasskeys(db, user.id),
        repo.countRecoveryCodes(db, user.id),
      ]);
      const methods: MfaChallenge['methods'] = [];
      if (totp?.confirmedAt) methods.push('totp');
      if (passkeys.length > 0) methods.push('passkey');
      if (codes > 0) methods.push('recovery');
      return { mfa_required: true, ticket, methods };
    },

    /** The second step with an authenticator code or a recovery code. */
    completeWithCode: async (
      input: Extract<SecondStepInput, { method: 'totp' | 'recovery' }>,
      findUser: (id: number) => Promise<UserRow | undefined>,
      client?: SignInClient,
    ) => {
      const ticket = await verifyTicket(input.ticket);
      const { userId } = ticket;
      if (input.method === 'totp') {
        const totp = await repo.findTotp(db, userId);
        const step = totp?.confirmedAt ? matchingStep(totp.secret, input.code) : undefined;
        const isTaken =
          step !== undefined &&
          (await repo.takeTotpStep(db, { userId, step, confirm: false, now: clock.now() }));
        if (!isTaken) await failTicket(input.ticket);
      } else {
        const code = input.code.replace(/[\s-]/g, '').toUpperCase();
        const codeHash = recoveryHash(userId, code);
        if (!(await repo.takeRecoveryCode(db, { userId, codeHash })))
          await failTicket(input.ticket);
      }
      return finishSecondStep(ticket, await findUser(userId), client);
    },

    status: async (session: Session): Promise<MfaStatus> => {
      const userId = session.user.id;
      const [totp, passkeys, codes] = await Promise.all([
        repo.findTotp(db, userId),
        repo.listPasskeys(db, userId),
        repo.countRecoveryCodes(db, userId),
      ]);
      return {
        required: isMfaRequired(config, session.user),
        enabled: session.user.mfaEnabled,
        totp: totp?.confirmedAt ? { confirmed_at: totp.confirmedAt.toISOString() } : null,
        passkeys: passkeys.map((p) => ({
          id: p.id,
          name: p.name,
          created_at: p.createdAt.toISOString(),
          last_used_at: p.lastUsedAt?.toISOString() ?? null,
        })),
        recovery_codes_left: codes,
      };
    },

    /** A new secret for the QR code; it counts only once a first code confirms it. */
    setupTotp: async (session: Session): Promise<TotpSetup> => {
      const secret = new Secret({ size: 20 }).base32;
      if (!(await repo.putUnconfirmedTotp(db, session.user.id, secret))) {
        throw new AppError(
          'CONFLICT',
          'An authenticator app is already set up: remove it first to set up another.',
        );
      }
      return { secret, uri: totpOf(secret, session.user.email).toString() };
    },

    confirmTotp: async (session: Session, code: string): Promise<EnrolResult> => {
      const userId = session.user.id;
      const totp = await repo.findTotp(db, userId);
      if (!totp || totp.confirmedAt) {
        throw new AppError('INVALID_STATE', 'Scan a new QR code first.');
      }
      const step = matchingStep(totp.secret, code);
      return db.transaction(async (tx) => {
        const isTaken =
          step !== undefined &&
          (await repo.takeTotpStep(tx, { userId, step, confirm: true, now: clock.now() }));
        if (!isTaken) throw invalidCode();
        return afterEnrol(tx, userId);
      });
    },

    removeTotp: async (session: Session) =>
      removeFactor(session, async (tx) => {
        const totp = await repo.findTotp(tx, session.user.id);
        await repo.deleteTotp(tx, session.user.id);
        return Boolean(totp);
      }),

    removePasskey: async (session: Session, id: number) =>
      removeFactor(session, (tx) => repo.deletePasskey(tx, { userId: session.user.id, id })),

    regenerateRecoveryCodes: async (session: Session) => {
      if (!session.user.mfaEnabled) {
        throw new AppError('INVALID_STATE', 'Set up a second factor first.');
      }
      return {
        recovery_codes: await db.transaction((tx) => issueRecoveryCodes(tx, session.user.id)),
      };
    },
  };

  /** Removes one factor; the last one of a role that requires a factor stays. */
  async function removeFactor(session: Session, remove: (tx: DbOrTx) => Promise<boolean>) {
    await db.transaction(async (tx) => {
      if (!(await remove(tx))) throw new AppError('NOT_FOUND', 'This factor does not exist.');
      const { isEnabled } = await repo.syncMfaEnabled(tx, session.user.id);
      if (!isEnabled && isMfaRequired(config, session.user)) {
        throw new AppError(
          'MFA_FACTOR_REQUIRED',
          'Your role requires a second factor: add another one before removing this one.',
        );
      }
    });
  }
};

export type MfaService = ReturnType<typeof createMfaService>;
