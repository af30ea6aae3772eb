import {
  adobeCustomerInputSchema,
  adobeCustomerListItemSchema,
  adobeCustomerParamsSchema,
  adobePriceOptionSchema,
  adobePriceRequestSchema,
  adobeSubscriptionSchema,
} from '@esd/shared/adobe/adobe.schemas';
import { envelopeSchema } from '@esd/shared/api';
import { basketSchema } from '@esd/shared/catalogue/basket.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/errors';
import { requestLanguage } from '../../lib/language';
import { requireSession } from '../../plugins/auth';
import { readBasket } from '../basket';
import { createAdobeService } from './adobe.service';

/**
 * Spec 7 Adobe calls, kept exactly, the customer creation form behind them, and the dealer's
 * customers with their subscriptions at Adobe.
 */
export const adobeRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createAdobeService({ db: app.db, adobe: app.adobe, clock: app.clock });

  // spec 7's path kept exactly, and the same list under the portal's own path, for the customers
  // and subscriptions page
  for (const path of ['/getAdobeCustomerList', '/adobe/customers']) {
    app.get(
      path,
      {
        config: { access: 'dealer', apiScope: 'adobe' },
        schema: {
          tags: ['adobe'],
          response: { 200: envelopeSchema(z.array(adobeCustomerListItemSchema)) },
        },
      },
      async (request) => ok(await service.listCustomers(requireSession(request))),
    );
  }

  app.get(
    '/adobe/customers/:id/subscriptions',
    {
      config: { access: 'dealer', apiScope: 'adobe' },
      schema: {
        tags: ['adobe'],
        params: adobeCustomerParamsSchema,
        response: { 200: envelopeSchema(z.array(adobeSubscriptionSchema)) },
      },
    },
    async (request) =>
      ok(
        await service.listSubscriptions(
          requireSession(request),
          request.params.id,
          requestLanguage(request),
        ),
      ),
  );

  app.post(
    '/adobe/customers',
    {
      config: { access: 'dealer', apiScope: 'adobe' },
      schema: {
        tags: ['adobe'],
        body: adobeCustomerInputSchema,
        response: { 200: envelopeSchema(adobeCustomerListItemSchema) },
      },
    },
    async (request) =>
      ok(
        await service.createCustomer(requireSession(request), request.body),
        'The Adobe customer is created.',
      ),
  );

  app.post(
    '/getAdobeProductPriceByCustomer',
    {
      config: { access: 'dealer', apiScope: 'adobe' },
      schema: {
        tags: ['adobe'],
        body: adobePriceRequestSchema,
        response: { 200: envelopeSchema(z.array(adobePriceOptionSchema)) },
      },
    },
    async (request) =>
      ok(
        await service.priceOptions(requireSession(request), request.body, requestLanguage(request)),
      ),
  );

  app.post(
    '/basket/add/adobe',
    {
      config: { access: 'dealer', apiScope: 'adobe' },
      schema: {
        tags: ['basket'],
        body: adobePriceRequestSchema,
        response: { 200: envelopeSchema(basketSchema) },
      },
    },
    async (request) => {
      const session = requireSession(request);
      const lang = requestLanguage(request);
      await service.addToBasket(session, request.body, lang);
      return ok(await readBasket(app.db, session, lang), 'Added to the basket.');
    },
  );
};
