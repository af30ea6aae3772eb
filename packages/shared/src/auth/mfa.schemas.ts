import { z } from 'zod';
import { loginDataSchema } from './auth.schemas';

/** How many one-time recovery codes an account gets at a time. */
export const RECOVERY_CODE_COUNT = 10;
/** A second-step ticket's life: long enough to open an authenticator app, short for a secret. */
export const MFA_TICKET_SECONDS = 300;

const b64url = (max: number) =>
  z
    .string()
    .max(max)
    .regex(/^[A-Za-z0-9_-]*$/);

/** What the password (or SSO) step answers when the account has a second factor: no session. */
export const mfaChallengeSchema = z.object({
  mfa_required: z.literal(true),
  /** the right to try the second factor, for MFA_TICKET_SECONDS and a few tries */
  ticket: z.string(),
  methods: z.array(z.enum(['totp', 'passkey', 'recovery'])),
});
export type MfaChallenge = z.infer<typeof mfaChallengeSchema>;

/** POST /auth/login and /auth/oidc: a session, or the second step to take. */
export const loginResultSchema = z.union([loginDataSchema, mfaChallengeSchema]);
export type LoginResult = z.infer<typeof loginResultSchema>;

export const ticketSchema = z.string().min(20).max(100);

/**
 * The longest signature an authenticator may answer with, base64url: ML-DSA-87 (COSE -50) signs
 * in 4,627 bytes. Browsers pick ML-DSA-44 (-48) as soon as the server offers it, and
 * @simplewebauthn/server offers it on a Node that has ML-DSA (24), so a bound sized for ECDSA or
 * RSA refuses every passkey sign-in there.
 */
export const MAX_SIGNATURE_CHARS = 8000;

/** A WebAuthn answer as @simplewebauthn/browser hands it over (checked by the server library). */
const credentialBase = {
  id: b64url(1400),
  rawId: b64url(1400),
  type: z.literal('public-key'),
  clientExtensionResults: z.record(z.string(), z.unknown()),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
};
export const authenticationResponseSchema = z.object({
  ...credentialBase,
  response: z.object({
    clientDataJSON: b64url(4000),
    authenticatorData: b64url(4000),
    signature: b64url(MAX_SIGNATURE_CHARS),
    userHandle: b64url(200).optional(),
  }),
});
export const registrationResponseSchema = z.object({
  ...credentialBase,
  response: z.object({
    clientDataJSON: b64url(4000),
    attestationObject: b64url(20_000),
    authenticatorData: b64url(4000).optional(),
    transports: z.array(z.string().max(20)).max(10).optional(),
    publicKeyAlgorithm: z.number().int().optional(),
    publicKey: b64url(4000).optional(),
  }),
});

/** Six digits of an authenticator app; spaces typed between them are dropped. */
const totpCode = z
  .string()
  .transform((value) => value.replace(/\s/g, ''))
  .pipe(z.string().regex(/^\d{6}$/));
/** A recovery code as printed (XXXX-XXXX-XXXX-XXXX), any case, hyphens and spaces optional. */
const recoveryCode = z
  .string()
  .max(40)
  .transform((value) => value.replace(/[\s-]/g, '').toUpperCase())
  .pipe(z.string().regex(/^[A-Z2-9]{16}$/));

export const secondStepInputSchema = z.discriminatedUnion('method', [
  z.object({ ticket: ticketSchema, method: z.literal('totp'), code: totpCode }),
  z.object({ ticket: ticketSchema, method: z.literal('recovery'), code: recoveryCode }),
  z.object({
    ticket: ticketSchema,
    method: z.literal('passkey'),
    challenge_id: z.uuid(),
    response: authenticationResponseSchema,
  }),
]);
export type SecondStepInput = z.input<typeof secondStepInputSchema>;

export const ticketInputSchema = z.object({ ticket: ticketSchema });

/** Options for navigator.credentials (the browser library's JSON) and the challenge's id. */
export const passkeyOptionsSchema = z.object({
  challenge_id: z.uuid(),
  options: z.record(z.string(), z.unknown()),
});
export type PasskeyOptions = z.infer<typeof passkeyOptionsSchema>;

export const passkeySignInInputSchema = z.object({
  challenge_id: z.uuid(),
  response: authenticationResponseSchema,
});

export const registerPasskeyInputSchema = z.object({
  challenge_id: z.uuid(),
  name: z.string().trim().min(1).max(60),
  response: registrationResponseSchema,
});

export const totpSetupSchema = z.object({
  /** base32, for typing into an app that cannot scan */
  secret: z.string(),
  /** the otpauth:// URI the QR code shows */
  uri: z.string(),
});
export type TotpSetup = z.infer<typeof totpSetupSchema>;

export const totpConfirmInputSchema = z.object({ code: totpCode });

/** What enrolling a factor answers: the recovery codes when it was the account's first. */
export const enrolResultSchema = z.object({
  /** shown once; null when the account already had codes */
  recovery_codes: z.array(z.string()).nullable(),
});
export type EnrolResult = z.infer<typeof enrolResultSchema>;

export const recoveryCodesSchema = z.object({ recovery_codes: z.array(z.string()) });

export const passkeySummarySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
});

/** GET /auth/mfa: the account's second factors (never their secrets). */
export const mfaStatusSchema = z.object({
  /** its role must have a second factor (MFA_REQUIRED_ROLES) */
  required: z.boolean(),
  enabled: z.boolean(),
  totp: z.object({ confirmed_at: z.string() }).nullable(),
  passkeys: z.array(passkeySummarySchema),
  recovery_codes_left: z.number().int(),
});
export type MfaStatus = z.infer<typeof mfaStatusSchema>;
