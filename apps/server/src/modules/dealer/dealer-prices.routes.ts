import { envelopeSchema, pageSchema } from '@esd/shared/api';
import { idTextSchema } from '@esd/shared/bounds';
import {
  dealerProductPriceInputSchema,
  dealerProductPriceQuerySchema,
  dealerProductPriceSchema,
} from '@esd/shared/catalogue/settings.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditActor } from '../../lib/audit';
import { ok } from '../../lib/errors';
import { requestLanguage } from '../../lib/language';
import { requireSession } from '../../plugins/auth';
import { createDealerPricesService } from './dealer-prices.service';

const productParams = z.object({
  productId: idTextSchema,
});

export const dealerPricesRoutes: FastifyPluginAsyncZod = async (app) => {
  const access = { access: 'dealer' as const };
  const response = { 200: envelopeSchema(dealerProductPriceSchema) };

  const prices = createDealerPricesService({ db: app.db });

  app.get(
    '/dealer/product-prices',
    {
      config: access,
      schema: {
        tags: ['dealer'],
        querystring: dealerProductPriceQuerySchema,
        response: { 200: envelopeSchema(pageSchema(dealerProductPriceSchema)) },
      },
    },
    async (request) =>
      ok(await prices.list(requireSession(request), requestLanguage(request), request.query)),
  );

  app.put(
    '/dealer/product-prices/:productId',
    {
      config: access,
      schema: {
        tags: ['dealer'],
        params: productParams,
        body: dealerProductPriceInputSchema,
        response,
      },
    },
    async (request) =>
      ok(
        await prices.set(
          requireSession(request),
          requestLanguage(request),
          request.params.productId,
          request.body,
          auditActor(request),
        ),
        'Your price has been saved.',
      ),
  );

  app.delete(
    '/dealer/product-prices/:productId',
    { config: access, schema: { tags: ['dealer'], params: productParams, response } },
    async (request) =>
      ok(
        await prices.reset(
          requireSession(request),
          requestLanguage(request),
          request.params.productId,
          auditActor(request),
        ),
        'Your users pay the default price again.',
      ),
  );
};
