import { envelopeSchema } from '@esd/shared/api';
import {
  forgotPasswordInputSchema,
  loginInputSchema,
  oidcConfigSchema,
  oidcLoginInputSchema,
  passwordLinkQuerySchema,
  passwordLinkSchema,
  refreshDataSchema,
  resetPasswordInputSchema,
  userProfileSchema,
} from '@esd/shared/auth/auth.schemas';
import { loginResultSchema } from '@esd/shared/auth/mfa.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, ok } from '../../lib/errors';
import { takeUses } from '../../lib/usage-limit';
import { requireSession, requireSignIn } from '../../plugins/auth';
import { createAuthService } from './auth.service';
import { createOidcVerifier } from './oidc';
import { toProfile } from './profile';

/** Reset mails a person can ask for one address (issue 18): a mailbox is not to be flooded. */
const RESET_MAILS_PER_ACCOUNT_PER_HOUR = 5;

const emptyData = envelopeSchema(z.object({}));

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const auth = createAuthService({
    db: app.db,
    tokens: app.tokens,
    mailer: app.mailer,
    clock: app.clock,
    config: app.config,
  });
  const anonymousLimit = {
    max: app.config.ANONYMOUS_RATE_LIMIT_PER_MINUTE,
    timeWindow: '1 minute',
  };
  const { OIDC_ISSUER, OIDC_CLIENT_ID, OIDC_SCOPE } = app.config;
  const oidc =
    OIDC_ISSUER && OIDC_CLIENT_ID ? createOidcVerifier(OIDC_ISSUER, OIDC_CLIENT_ID) : undefined;

  app.post(
    '/auth/login',
    {
      config: { access: 'anonymous', rateLimit: anonymousLimit, refusals: [401, 403] },
      schema: {
        tags: ['auth'],
        body: loginInputSchema,
        description:
          'A session, or (an account with a second factor) `mfa_required` and a ticket for POST /auth/mfa/verify.',
        response: { 200: envelopeSchema(loginResultSchema) },
      },
    },
    async (request) =>
      ok(
        await auth.login({
          ...request.body,
          ip: request.ip,
          userAgent: request.headers['user-agent'],
          log: request.log,
        }),
      ),
  );

  app.get(
    '/auth/user',
    {
      config: { access: 'public', enrolment: true },
      schema: { tags: ['auth'], response: { 200: envelopeSchema(userProfileSchema) } },
    },
    async (request) => {
      const { user, claims, mustEnrol } = requireSignIn(requireSession(request));
      return ok(toProfile(user, { ...claims, mustEnrol }));
    },
  );

  app.post(
    '/auth/logout',
    {
      config: { access: 'public', enrolment: true },
      schema: { tags: ['auth'], response: { 200: envelopeSchema(z.null()) } },
    },
    async (request) => {
      await auth.logout(requireSession(request));
      return ok(null, 'You are signed out.');
    },
  );

  app.get(
    '/auth/refresh',
    {
      // a new token is issued only to the account as it is now, never to a cached copy
      config: { access: 'public', writes: true, enrolment: true },
      schema: { tags: ['auth'], response: { 200: envelopeSchema(refreshDataSchema) } },
    },
    async (request) => ok(await auth.refresh(requireSession(request))),
  );

  app.post(
    '/auth/forgot-password',
    {
      config: { access: 'anonymous', rateLimit: anonymousLimit },
      schema: { tags: ['auth'], body: forgotPasswordInputSchema, response: { 200: emptyData } },
    },
    async (request) => {
      // per account typed, whether or not it exists (the answer tells nothing either way)
      await takeUses(app.db, [
        {
          key: `forgot-password:${request.body.email.toLowerCase()}`,
          max: RESET_MAILS_PER_ACCOUNT_PER_HOUR,
          windowSeconds: 3600,
          message: 'Too many reset requests for this address: try again in {minutes} minutes.',
        },
      ]);
      await auth.requestPasswordReset(request.body.email, request.log);
      return ok({}, 'If an account uses this e-mail, a reset link is on its way.');
    },
  );

  app.get(
    '/auth/password-link',
    {
      // the token is a query parameter named `token`, which every log line redacts
      config: { access: 'anonymous', rateLimit: anonymousLimit, refusals: [422] },
      schema: {
        tags: ['auth'],
        description:
          'What a set-password link is (first password of a new account, or reset) and whether it still works; an unknown token is 422 INVALID_RESET_TOKEN.',
        querystring: passwordLinkQuerySchema,
        response: { 200: envelopeSchema(passwordLinkSchema) },
      },
    },
    async (request) => ok(await auth.passwordLink(request.query.token)),
  );

  app.post(
    '/auth/reset-password',
    {
      config: { access: 'anonymous', rateLimit: anonymousLimit },
      schema: { tags: ['auth'], body: resetPasswordInputSchema, response: { 200: emptyData } },
    },
    async (request) => {
      await auth.resetPassword(request.body);
      return ok({}, 'Your password has been changed. Sign in with the new one.');
    },
  );

  app.get(
    '/auth/oidc/config',
    {
      config: { access: 'anonymous' },
      schema: { tags: ['auth'], response: { 200: envelopeSchema(oidcConfigSchema) } },
    },
    async () =>
      ok({
        enabled: Boolean(oidc),
        issuer: OIDC_ISSUER ?? null,
        client_id: OIDC_CLIENT_ID ?? null,
        scope: OIDC_SCOPE,
      }),
  );

  app.post(
    '/auth/oidc',
    {
      config: { access: 'anonymous', rateLimit: anonymousLimit, refusals: [401, 403] },
      schema: {
        tags: ['auth'],
        body: oidcLoginInputSchema,
        response: { 200: envelopeSchema(loginResultSchema) },
      },
    },
    async (request) => {
      if (!oidc) throw new AppError('OIDC_DISABLED', 'Single sign-on is not configured.');
      const { subject, email, hasProviderMfa } = await oidc.verifyIdToken(request.body.id_token);
      return ok(
        await auth.loginVerifiedEmail(email, {
          subject,
          hasProviderMfa,
          client: { ip: request.ip, userAgent: request.headers['user-agent'] },
        }),
      );
    },
  );
};
