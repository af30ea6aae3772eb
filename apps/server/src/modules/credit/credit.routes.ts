import { envelopeSchema } from '@esd/shared/api';
import { dealerCreditSchema } from '@esd/shared/credit/credit.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/errors';
import { requireSession } from '../../plugins/auth';
import { dealerCredit } from './credit.service';

/** "My credit" of a dealer, and of its end users (the credit their credit orders draw on). */
export const creditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/credit',
    {
      config: { access: 'dealerOrUser', apiScope: 'orders:read' },
      schema: {
        tags: ['orders'],
        description:
          "The caller's dealer's credit in USD excl. VAT (limit, used, remaining), its open credit orders, settlements and refunds (the orders the caller may open) and the used credit of the last 90 Baku days.",
        response: { 200: envelopeSchema(dealerCreditSchema) },
      },
    },
    async (request) => ok(await dealerCredit(app.db, requireSession(request), app.clock)),
  );
};
