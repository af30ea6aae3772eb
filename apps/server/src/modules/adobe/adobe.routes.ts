import {
  adobeCustomerInputSchema,
  adobeCustomerListItemSchema,
  adobePriceOptionSchema,
  adobePriceRequestSchema,
} from '@esd/shared/adobe/adobe.schemas';
import { envelopeSchema } from '@esd/shared/api';
import { basketSchema } from '@esd/shared/catalogue/basket.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/errors';
import { requestLanguage } from '../../lib/language';
import { requireSession } from '../../plugins/auth';
import { readBasket } from '../basket/basket.service';
import { addAdobeToBasket, createCustomer, listCustomers, priceOptions } from './adobe.service';

/** Spec 7 Adobe calls, kept exactly, and the customer creation form behind them. */
export const adobeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/getAdobeCustomerList',
    {
      config: { access: 'dealer' },
      schema: {
        tags: ['adobe'],
        response: { 200: envelopeSchema(z.array(adobeCustomerListItemSchema)) },
      },
    },
    async (request) => ok(await listCustomers(app.db, requireSession(request))),
  );

  app.post(
    '/adobe/customers',
    {
      config: { access: 'dealer' },
      schema: {
        tags: ['adobe'],
        body: adobeCustomerInputSchema,
        response: { 200: envelopeSchema(adobeCustomerListItemSchema) },
      },
    },
    async (request) =>
      ok(
        await createCustomer(app, requireSession(request), request.body),
        'The Adobe customer is created.',
      ),
  );

  app.post(
    '/getAdobeProductPriceByCustomer',
    {
      config: { access: 'dealer' },
      schema: {
        tags: ['adobe'],
        body: adobePriceRequestSchema,
        response: { 200: envelopeSchema(z.array(adobePriceOptionSchema)) },
      },
    },
    async (request) => {
      const { options } = await priceOptions(
        app,
        requireSession(request),
        request.body,
        requestLanguage(request),
      );
      return ok(options);
    },
  );

  app.post(
    '/basket/add/adobe',
    {
      config: { access: 'dealer' },
      schema: {
        tags: ['basket'],
        body: adobePriceRequestSchema,
        response: { 200: envelopeSchema(basketSchema) },
      },
    },
    async (request) => {
      const session = requireSession(request);
      const lang = requestLanguage(request);
      await addAdobeToBasket(app, session, request.body, lang);
      return ok(await readBasket(app.db, session, lang), 'Added to the basket.');
    },
  );
};
