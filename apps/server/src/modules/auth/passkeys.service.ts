import type {
  authenticationResponseSchema,
  EnrolResult,
  PasskeyOptions,
  registrationResponseSchema,
  SecondStepInput,
} from '@esd/shared/auth/mfa.schemas';
import {
  type AuthenticationResponseJSON,
  type AuthenticatorTransport,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import type { z } from 'zod';
import type { Config } from '../../config/env';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import type { Session, UserRow } from '../../plugins/auth';
import type { SignInClient } from './auth.repository';
import * as repo from './mfa.repository';
import { type IssueLogin, invalidCode, type MfaService } from './mfa.service';

/** A WebAuthn challenge's life: the time to touch a key or unlock a phone. */
const CHALLENGE_SECONDS = 300;
const RP_NAME = 'ESD portal';
/**
 * The COSE algorithms a new passkey may use: Ed25519, ES256 and RS256. The library's default
 * adds ML-DSA-44 on a Node that has it (24, as an experimental Web Crypto feature), and Chromium
 * takes it at once; a passkey made so could no longer be checked by a process on Node 20 or a
 * Node that changes the experiment, and its owner would be locked out of that factor.
 */
export const PASSKEY_ALGORITHMS = [-8, -7, -257];

type AuthenticationResponse = z.infer<typeof authenticationResponseSchema>;
type RegistrationResponse = z.infer<typeof registrationResponseSchema>;

/** The library's options as the JSON object the browser library takes. */
const asJson = (options: object) => options as Record<string, unknown>;

/** Whatever the library throws about a malformed or forged answer is a refusal, not a 500. */
const orRefused = async <T>(check: () => Promise<T>) => {
  try {
    return await check();
  } catch {
    return undefined;
  }
};

/**
 * Passkeys (WebAuthn, issue 32): added on the profile, used after the password and as a
 * password-less sign-in. The relying party is the portal's public URL (PUBLIC_URL): its host is
 * the rpID and its origin the only origin accepted.
 */
export const createPasskeysService = ({
  db,
  clock,
  config,
  mfa,
  issueLogin,
}: {
  db: Db;
  clock: Clock;
  config: Pick<Config, 'publicUrl'>;
  mfa: MfaService;
  issueLogin: IssueLogin;
}) => {
  const origin = new URL(config.publicUrl).origin;
  const rpID = new URL(config.publicUrl).hostname;

  const storeChallenge = async (
    challenge: string,
    purpose: repo.ChallengePurpose,
    userId: number | null,
  ) => {
    const now = clock.now();
    return repo.insertChallenge(db, {
      challenge,
      purpose,
      userId,
      expiresAt: new Date(now.getTime() + CHALLENGE_SECONDS * 1000),
      now,
    });
  };

  const credentialOf = (passkey: repo.PasskeyRow) => ({
    id: passkey.credentialId,
    publicKey: new Uint8Array(Buffer.from(passkey.publicKey, 'base64url')),
    counter: passkey.counter,
    transports: passkey.transports as AuthenticatorTransport[],
  });

  /** The passkey that signed the answer to the challenge, once; undefined when anything fails. */
  const verifyAssertion = async (input: {
    challengeId: string;
    purpose: repo.ChallengePurpose;
    userId: number | null;
    response: AuthenticationResponse;
    requireUserVerification: boolean;
  }) => {
    const expectedChallenge = await repo.takeChallenge(db, {
      id: input.challengeId,
      purpose: input.purpose,
      userId: input.userId,
      now: clock.now(),
    });
    if (!expectedChallenge) return undefined;
    const passkey = await repo.findPasskeyByCredential(db, input.response.id);
    if (!passkey || (input.userId !== null && passkey.userId !== input.userId)) return undefined;
    const result = await orRefused(() =>
      verifyAuthenticationResponse({
        response: input.response as AuthenticationResponseJSON,
        expectedChallenge,
        expectedOrigin: origin,
        expectedRPID: rpID,
        credential: credentialOf(passkey),
        requireUserVerification: input.requireUserVerification,
      }),
    );
    if (!result?.verified) return undefined;
    await repo.recordPasskeyUse(db, {
      id: passkey.id,
      counter: result.authenticationInfo.newCounter,
      now: clock.now(),
    });
    return passkey;
  };

  return {
    registrationOptions: async (session: Session): Promise<PasskeyOptions> => {
      const { user } = session;
      const existing = await repo.listPasskeys(db, user.id);
      const options = await generateRegistrationOptions({
        rpName: RP_NAME,
        rpID,
        userName: user.email,
        userDisplayName: user.name,
        userID: new TextEncoder().encode(`esd-user-${user.id}`),
        attestationType: 'none',
        supportedAlgorithmIDs: PASSKEY_ALGORITHMS,
        excludeCredentials: existing.map((p) => ({
          id: p.credentialId,
          transports: p.transports as AuthenticatorTransport[],
        })),
        // discoverable, so that the same passkey also signs in without the e-mail
        authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
      });
      const challengeId = await storeChallenge(options.challenge, 'register', user.id);
      return { challenge_id: challengeId, options: asJson(options) };
    },

    register: async (
      session: Session,
      input: { challenge_id: string; name: string; response: RegistrationResponse },
    ): Promise<EnrolResult> => {
      const userId = session.user.id;
      const expectedChallenge = await repo.takeChallenge(db, {
        id: input.challenge_id,
        purpose: 'register',
        userId,
        now: clock.now(),
      });
      const result = expectedChallenge
        ? await orRefused(() =>
            verifyRegistrationResponse({
              response: input.response as RegistrationResponseJSON,
              expectedChallenge,
              expectedOrigin: origin,
              expectedRPID: rpID,
              requireUserVerification: false,
            }),
          )
        : undefined;
      if (!result?.verified) throw invalidCode();
      const { credential } = result.registrationInfo;
      return db.transaction(async (tx) => {
        if (await repo.findPasskeyByCredential(tx, credential.id)) {
          throw new AppError('CONFLICT', 'This passkey is already registered.');
        }
        await repo.insertPasskey(tx, {
          userId,
          credentialId: credential.id,
          publicKey: Buffer.from(credential.publicKey).toString('base64url'),
          counter: credential.counter,
          transports: credential.transports ?? [],
          name: input.name,
        });
        return mfa.afterEnrol(tx, userId);
      });
    },

    /** Options for the second step: the ticket's user's passkeys only. */
    secondStepOptions: async (ticket: string): Promise<PasskeyOptions> => {
      const { userId } = await mfa.verifyTicket(ticket);
      const passkeys = await repo.listPasskeys(db, userId);
      const options = await generateAuthenticationOptions({
        rpID,
        allowCredentials: passkeys.map((p) => ({
          id: p.credentialId,
          transports: p.transports as AuthenticatorTransport[],
        })),
        userVerification: 'preferred',
      });
      return {
        challenge_id: await storeChallenge(options.challenge, 'second-step', userId),
        options: asJson(options),
      };
    },

    completeSecondStep: async (
      input: Extract<SecondStepInput, { method: 'passkey' }>,
      findUser: (id: number) => Promise<UserRow | undefined>,
      client?: SignInClient,
    ) => {
      const ticket = await mfa.verifyTicket(input.ticket);
      const passkey = await verifyAssertion({
        challengeId: input.challenge_id,
        purpose: 'second-step',
        userId: ticket.userId,
        response: input.response as AuthenticationResponse,
        requireUserVerification: false,
      });
      if (!passkey) await mfa.failTicket(input.ticket);
      return mfa.finishSecondStep(ticket, await findUser(ticket.userId), client);
    },

    /** Options for a password-less sign-in: any discoverable passkey of this portal. */
    signInOptions: async (): Promise<PasskeyOptions> => {
      const options = await generateAuthenticationOptions({ rpID, userVerification: 'required' });
      return {
        challenge_id: await storeChallenge(options.challenge, 'sign-in', null),
        options: asJson(options),
      };
    },

    /** A password-less sign-in: the passkey with user verification is both factors. */
    signIn: async (
      input: { challenge_id: string; response: AuthenticationResponse },
      findUser: (id: number) => Promise<UserRow | undefined>,
      client?: SignInClient,
    ) => {
      const passkey = await verifyAssertion({
        challengeId: input.challenge_id,
        purpose: 'sign-in',
        userId: null,
        response: input.response,
        requireUserVerification: true,
      });
      if (!passkey) {
        throw new AppError('INVALID_MFA_CODE', 'The passkey was not accepted. Try again.');
      }
      const user = await findUser(passkey.userId);
      if (!user?.isActive) throw new AppError('ACCOUNT_DISABLED', 'This account is deactivated.');
      return issueLogin(user, 'passkey', client);
    },
  };
};
