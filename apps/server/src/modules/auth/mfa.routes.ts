import { envelopeSchema } from '@esd/shared/api';
import { loginDataSchema } from '@esd/shared/auth/auth.schemas';
import {
  enrolResultSchema,
  mfaStatusSchema,
  passkeyOptionsSchema,
  passkeySignInInputSchema,
  recoveryCodesSchema,
  registerPasskeyInputSchema,
  secondStepInputSchema,
  ticketInputSchema,
  totpConfirmInputSchema,
  totpSetupSchema,
} from '@esd/shared/auth/mfa.schemas';
import { idParamSchema } from '@esd/shared/catalogue/catalogue.schemas';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/errors';
import { requireSession } from '../../plugins/auth';
import { createAuthService } from './auth.service';
import { findUserById } from './mfa.repository';
import { createPasskeysService } from './passkeys.service';

/**
 * Second factors (issue 32): the second step of a sign-in (anonymous, with its ticket), the
 * password-less passkey sign-in, and each account's own factors (open to an account that must
 * still enrol one: `enrolment`).
 */
export const mfaRoutes: FastifyPluginAsyncZod = async (app) => {
  const auth = createAuthService({
    db: app.db,
    tokens: app.tokens,
    mailer: app.mailer,
    clock: app.clock,
    config: app.config,
  });
  const { mfa } = auth;
  const passkeys = createPasskeysService({
    db: app.db,
    clock: app.clock,
    config: app.config,
    mfa,
    issueLogin: auth.issueLogin,
  });
  const findUser = (id: number) => findUserById(app.db, id);
  const anonymous = {
    access: 'anonymous' as const,
    // a wrong code, a spent ticket, a deactivated account (plugins/openapi-contract.ts)
    refusals: [401, 403],
    rateLimit: { max: app.config.ANONYMOUS_RATE_LIMIT_PER_MINUTE, timeWindow: '1 minute' },
  };
  const own = { access: 'public' as const, enrolment: true };
  /** where the sign-in comes from, shown to its owner among the account's sign-ins */
  const clientOf = (request: FastifyRequest) => ({
    ip: request.ip,
    userAgent: request.headers['user-agent'],
  });
  const tags = ['auth'];
  const optionsResponse = { 200: envelopeSchema(passkeyOptionsSchema) };
  const enrolResponse = { 200: envelopeSchema(enrolResultSchema) };
  const emptyResponse = { 200: envelopeSchema(z.object({})) };

  app.post(
    '/auth/mfa/verify',
    {
      config: anonymous,
      schema: {
        tags,
        summary: 'The second step: an authenticator code, a recovery code or a passkey',
        body: secondStepInputSchema,
        response: { 200: envelopeSchema(loginDataSchema) },
      },
    },
    async (request) => {
      const input = request.body;
      const client = clientOf(request);
      return ok(
        input.method === 'passkey'
          ? await passkeys.completeSecondStep(input, findUser, client)
          : await mfa.completeWithCode(input, findUser, client),
      );
    },
  );

  app.post(
    '/auth/mfa/passkey-options',
    {
      config: anonymous,
      schema: { tags, body: ticketInputSchema, response: optionsResponse },
    },
    async (request) => ok(await passkeys.secondStepOptions(request.body.ticket)),
  );

  app.post(
    '/auth/passkey/options',
    { config: anonymous, schema: { tags, response: optionsResponse } },
    async () => ok(await passkeys.signInOptions()),
  );

  app.post(
    '/auth/passkey',
    {
      config: anonymous,
      schema: {
        tags,
        summary: 'Password-less sign-in with a passkey',
        body: passkeySignInInputSchema,
        response: { 200: envelopeSchema(loginDataSchema) },
      },
    },
    async (request) => ok(await passkeys.signIn(request.body, findUser, clientOf(request))),
  );

  app.get(
    '/auth/mfa',
    { config: own, schema: { tags, response: { 200: envelopeSchema(mfaStatusSchema) } } },
    async (request) => ok(await mfa.status(requireSession(request))),
  );

  app.post(
    '/auth/mfa/totp/setup',
    { config: own, schema: { tags, response: { 200: envelopeSchema(totpSetupSchema) } } },
    async (request) => ok(await mfa.setupTotp(requireSession(request))),
  );

  app.post(
    '/auth/mfa/totp/confirm',
    { config: own, schema: { tags, body: totpConfirmInputSchema, response: enrolResponse } },
    async (request) =>
      ok(
        await mfa.confirmTotp(requireSession(request), request.body.code),
        'The authenticator app is set up.',
      ),
  );

  app.delete(
    '/auth/mfa/totp',
    { config: own, schema: { tags, response: emptyResponse } },
    async (request) => {
      await mfa.removeTotp(requireSession(request));
      return ok({}, 'The authenticator app is removed.');
    },
  );

  app.post(
    '/auth/mfa/passkeys/options',
    { config: own, schema: { tags, response: optionsResponse } },
    async (request) => ok(await passkeys.registrationOptions(requireSession(request))),
  );

  app.post(
    '/auth/mfa/passkeys',
    { config: own, schema: { tags, body: registerPasskeyInputSchema, response: enrolResponse } },
    async (request) =>
      ok(await passkeys.register(requireSession(request), request.body), 'The passkey is added.'),
  );

  app.delete(
    '/auth/mfa/passkeys/:id',
    { config: own, schema: { tags, params: idParamSchema, response: emptyResponse } },
    async (request) => {
      await mfa.removePasskey(requireSession(request), request.params.id);
      return ok({}, 'The passkey is removed.');
    },
  );

  app.post(
    '/auth/mfa/recovery-codes',
    { config: own, schema: { tags, response: { 200: envelopeSchema(recoveryCodesSchema) } } },
    async (request) =>
      ok(
        await mfa.regenerateRecoveryCodes(requireSession(request)),
        'New recovery codes: the old ones no longer work.',
      ),
  );
};
