import { envelopeSchema } from '@esd/shared/api';
import {
  apiKeyIdParamsSchema,
  apiKeySchema,
  apiKeysSchema,
  createApiKeyInputSchema,
  createdApiKeySchema,
} from '@esd/shared/api-keys/api-keys.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditActor } from '../../lib/audit';
import { ok } from '../../lib/errors';
import { requireSession } from '../../plugins/auth';
import { createApiKeysService } from './api-keys.service';

/**
 * Settings → API keys (issue 34): a dealer's own keys, managed only when signed in to the
 * portal. No route here names an `apiScope`, so no key ever reaches them.
 */
export const apiKeysRoutes: FastifyPluginAsyncZod = async (app) => {
  const config = { access: 'dealer' as const };
  const keys = createApiKeysService({ db: app.db, clock: app.clock });

  app.get(
    '/dealer/api-keys',
    {
      config,
      schema: {
        tags: ['api-keys'],
        summary: "The dealer's API keys",
        description:
          'Every key of the dealer, the newest first: name, prefix, scopes, created, expiry, last use (time and address, updated at most once a minute) and status. Never the key itself.',
        response: { 200: envelopeSchema(apiKeysSchema) },
      },
    },
    async (request) => ok(await keys.list(requireSession(request).user.id)),
  );

  app.post(
    '/dealer/api-keys',
    {
      config,
      schema: {
        tags: ['api-keys'],
        summary: 'Create an API key',
        description:
          'Creates a key with a name, at least one scope and an expiry (30, 90, 180 or 365 days). The answer carries the whole key in `key`, this once: only a hash of it is kept.',
        body: createApiKeyInputSchema,
        response: { 200: envelopeSchema(createdApiKeySchema) },
      },
    },
    async (request) =>
      ok(
        await keys.create(auditActor(request), requireSession(request).user.id, request.body),
        'The API key has been created. Copy it now: it will not be shown again.',
      ),
  );

  app.post(
    '/dealer/api-keys/:id/revoke',
    {
      config,
      schema: {
        tags: ['api-keys'],
        summary: 'Revoke an API key',
        description:
          "Revokes one of the dealer's keys: every server process refuses it from the next request. Revoking one already revoked is 409.",
        params: apiKeyIdParamsSchema,
        response: { 200: envelopeSchema(apiKeySchema) },
      },
    },
    async (request) =>
      ok(
        await keys.revoke(auditActor(request), requireSession(request).user.id, request.params.id),
        'The API key has been revoked.',
      ),
  );
};
