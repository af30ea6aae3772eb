import { envelopeSchema, pageSchema } from '@esd/shared/api';
import { idParamSchema } from '@esd/shared/catalogue/catalogue.schemas';
import {
  webhookDeliveriesQuerySchema,
  webhookDeliveryParamsSchema,
  webhookDeliverySchema,
  webhookEndpointInputSchema,
  webhookEndpointSchema,
  webhookEndpointWithSecretSchema,
} from '@esd/shared/webhooks/webhooks.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditActor } from '../../lib/audit';
import { ok } from '../../lib/errors';
import { requireSession } from '../../plugins/auth';

/**
 * A dealer's webhook endpoints and their delivery logs (issue 34), managed in its session like
 * its other settings. Every query is scoped to the signed-in dealer: another dealer's endpoint
 * is not found.
 */
export const webhooksRoutes: FastifyPluginAsyncZod = async (app) => {
  const config = { access: 'dealer' as const };
  const tags = ['webhooks'];
  const service = app.webhooks;
  const dealerOf = (request: Parameters<typeof requireSession>[0]) =>
    requireSession(request).user.id;
  const endpoint = { 200: envelopeSchema(webhookEndpointSchema) };
  const withSecret = { 200: envelopeSchema(webhookEndpointWithSecretSchema) };
  const delivery = { 200: envelopeSchema(webhookDeliverySchema) };

  app.get(
    '/dealer/webhooks',
    { config, schema: { tags, response: { 200: envelopeSchema(z.array(webhookEndpointSchema)) } } },
    async (request) => ok(await service.list(dealerOf(request))),
  );

  app.post(
    '/dealer/webhooks',
    { config, schema: { tags, body: webhookEndpointInputSchema, response: withSecret } },
    async (request) =>
      ok(
        await service.create(auditActor(request), dealerOf(request), request.body),
        'The endpoint has been added. Copy its signing secret now: it is shown only once.',
      ),
  );

  app.put(
    '/dealer/webhooks/:id',
    {
      config,
      schema: { tags, params: idParamSchema, body: webhookEndpointInputSchema, response: endpoint },
    },
    async (request) =>
      ok(
        await service.update(dealerOf(request), request.params.id, request.body),
        'The endpoint has been saved.',
      ),
  );

  app.delete(
    '/dealer/webhooks/:id',
    {
      config,
      schema: { tags, params: idParamSchema, response: { 200: envelopeSchema(z.null()) } },
    },
    async (request) => {
      await service.remove(auditActor(request), dealerOf(request), request.params.id);
      return ok(null, 'The endpoint has been deleted.');
    },
  );

  app.post(
    '/dealer/webhooks/:id/roll-secret',
    { config, schema: { tags, params: idParamSchema, response: withSecret } },
    async (request) =>
      ok(
        await service.rollSecret(auditActor(request), dealerOf(request), request.params.id),
        'A new signing secret has been made. The previous one keeps signing for 24 hours.',
      ),
  );

  app.post(
    '/dealer/webhooks/:id/enable',
    { config, schema: { tags, params: idParamSchema, response: endpoint } },
    async (request) =>
      ok(
        await service.enable(dealerOf(request), request.params.id),
        'The endpoint is enabled again.',
      ),
  );

  app.post(
    '/dealer/webhooks/:id/ping',
    { config, schema: { tags, params: idParamSchema, response: delivery } },
    async (request) =>
      ok(await service.ping(dealerOf(request), request.params.id), 'A test event is on its way.'),
  );

  app.get(
    '/dealer/webhooks/:id/deliveries',
    {
      config,
      schema: {
        tags,
        params: idParamSchema,
        querystring: webhookDeliveriesQuerySchema,
        response: { 200: envelopeSchema(pageSchema(webhookDeliverySchema)) },
      },
    },
    async (request) =>
      ok(await service.deliveries(dealerOf(request), request.params.id, request.query)),
  );

  app.post(
    '/dealer/webhooks/:id/deliveries/:deliveryId/resend',
    { config, schema: { tags, params: webhookDeliveryParamsSchema, response: delivery } },
    async (request) =>
      ok(
        await service.resend(dealerOf(request), request.params.id, request.params.deliveryId),
        'The delivery is on its way again.',
      ),
  );
};
