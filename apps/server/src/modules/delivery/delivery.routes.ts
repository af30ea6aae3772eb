import { envelopeSchema } from '@esd/shared/api';
import {
  orderIdParamsSchema,
  orderKeysFileQuerySchema,
  sendKeysInputSchema,
  sendKeysResultSchema,
} from '@esd/shared/orders/orders.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendAttachment } from '../../lib/attachment';
import { ok } from '../../lib/errors';
import { requestLanguage } from '../../lib/language';
import { requireSession } from '../../plugins/auth';
import { createDeliveryService } from './delivery.service';

/** An order's delivered keys: downloaded as a file, or mailed ("Send keys"). */
export const deliveryRoutes: FastifyPluginAsyncZod = async (app) => {
  const delivery = createDeliveryService({ db: app.db, mailer: app.mailer, config: app.config });

  app.get(
    '/orders/:id/keys',
    {
      // an order whose keys are not all delivered yet has none to download
      config: { access: 'public', apiScope: 'orders:read', refusals: [409] },
      schema: {
        tags: ['orders'],
        description:
          "Download keys: the order's delivered keys as CSV or plain text, for whoever may see the order.",
        params: orderIdParamsSchema,
        querystring: orderKeysFileQuerySchema,
      },
    },
    async (request, reply) => {
      const file = await delivery.keysFile(requireSession(request), request.params.id, {
        format: request.query.format,
        lang: requestLanguage(request),
      });
      return sendAttachment(reply, file);
    },
  );

  app.post(
    '/orders/:id/send-keys',
    {
      config: { access: 'public', refusals: [429] },
      schema: {
        tags: ['orders'],
        params: orderIdParamsSchema,
        body: sendKeysInputSchema,
        response: { 200: envelopeSchema(sendKeysResultSchema) },
      },
    },
    async (request) => {
      const to = await delivery.sendKeys(
        requireSession(request),
        request.params.id,
        request.body.email,
      );
      return ok({ to }, `The keys were sent to ${to}.`);
    },
  );
};
