import { z } from 'zod';
import { displayNameSchema } from '../bounds';
import { languages, STARRED_PAGES_MAX } from '../constants';

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

const email = z.string().trim().toLowerCase().max(254).pipe(z.email());
const password = z.string().min(1).max(1024);
export const newPasswordSchema = z.string().min(PASSWORD_MIN).max(PASSWORD_MAX);

export const loginInputSchema = z.object({ email, password });
export type LoginInput = z.infer<typeof loginInputSchema>;

/** The profile of spec 3 ("User / profile") plus what the shell needs. */
export const userProfileSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string(),
  type_id: z.number().int(),
  lang: z.enum(languages),
  photo_url: z.string().nullable(),
  /** credit limit in USD, exact decimal string with 2 decimals */
  limit: z.string(),
  /** unix seconds at which the token presented with this request expires */
  token_expired: z.number().int(),
  need_azn_cash: z.boolean(),
  need_azn_credit: z.boolean(),
  has_adobe_account: z.boolean(),
  country_id: z.number().int().nullable(),
  dealer_id: z.number().int().nullable(),
  /** how the current session signed in */
  auth_provider: z.enum(['password', 'oidc', 'passkey']),
  /** the account has a second factor */
  mfa_enabled: z.boolean(),
  /** its role requires a second factor and it has none: only enrolment is open to it */
  mfa_enrolment_required: z.boolean(),
});
export type UserProfile = z.infer<typeof userProfileSchema>;

export const loginDataSchema = z.object({ user: userProfileSchema, token: z.string() });
export type LoginData = z.infer<typeof loginDataSchema>;

export const refreshDataSchema = z.object({ token: z.string(), token_expired: z.number().int() });
export type RefreshData = z.infer<typeof refreshDataSchema>;

export const forgotPasswordInputSchema = z.object({ email });
export type ForgotPasswordInput = z.infer<typeof forgotPasswordInputSchema>;

export const resetPasswordInputSchema = z.object({
  token: z.string().min(20).max(200),
  password: newPasswordSchema,
});
export type ResetPasswordInput = z.infer<typeof resetPasswordInputSchema>;

/**
 * A password link's kind: `first` for a new account's (an admin created it, or approved its
 * partner application), where a first password is set; `reset` for a forgotten or reset one.
 */
export const passwordLinkKindSchema = z.enum(['first', 'reset']);
export type PasswordLinkKind = z.infer<typeof passwordLinkKindSchema>;

/** GET /api/auth/password-link: the token of a link, as the page opened from it read it. */
export const passwordLinkQuerySchema = z.object({ token: resetPasswordInputSchema.shape.token });

/** What a password link is before its form is filled in: its kind, and why it no longer works. */
export const passwordLinkSchema = z.object({
  kind: passwordLinkKindSchema,
  valid: z.boolean(),
  /** null while the link works */
  reason: z.enum(['used', 'expired']).nullable(),
});
export type PasswordLink = z.infer<typeof passwordLinkSchema>;

export const changePasswordInputSchema = z.object({
  current_password: password,
  new_password: newPasswordSchema,
});
export type ChangePasswordInput = z.infer<typeof changePasswordInputSchema>;

export const updateProfileInputSchema = z.object({
  name: displayNameSchema(120),
  lang: z.enum(languages),
});
export type UpdateProfileInput = z.infer<typeof updateProfileInputSchema>;

export const starredPageSchema = z.object({
  path: z
    .string()
    .max(300)
    .regex(/^\/pages\/[A-Za-z0-9/_-]*$/),
  title: z.string().trim().min(1).max(120),
});
export type StarredPage = z.infer<typeof starredPageSchema>;
export const starredPagesSchema = z.array(starredPageSchema).max(STARRED_PAGES_MAX);
export type StarredPages = z.infer<typeof starredPagesSchema>;

export const oidcConfigSchema = z.object({
  enabled: z.boolean(),
  issuer: z.string().nullable(),
  client_id: z.string().nullable(),
  scope: z.string(),
});
export type OidcConfig = z.infer<typeof oidcConfigSchema>;

export const oidcLoginInputSchema = z.object({ id_token: z.string().min(10).max(8192) });
export type OidcLoginInput = z.infer<typeof oidcLoginInputSchema>;

export const mailMessageSchema = z.object({
  id: z.number().int(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string().nullable(),
  created_at: z.string(),
});
export type MailMessage = z.infer<typeof mailMessageSchema>;
