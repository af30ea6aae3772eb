import { envelopeSchema } from '@esd/shared/api';
import {
  basketAddParamsSchema,
  basketRemoveOneParamsSchema,
  basketRemoveParamsSchema,
  basketSchema,
  basketSellTypeParamsSchema,
} from '@esd/shared/catalogue/basket.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/errors';
import { requestLanguage } from '../../lib/language';
import { requireSession } from '../../plugins/auth';
import { addToBasket, readBasket, removeFromBasket, switchBasketSellType } from './basket.service';

const basketResponse = { 200: envelopeSchema(basketSchema) };

/** Spec 7 basket calls, kept exactly (GET for changes, as the contract has them). */
export const basketRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/basket',
    {
      config: { access: 'dealerOrUser', apiScope: 'basket:write' },
      schema: { tags: ['basket'], response: basketResponse },
    },
    async (request) =>
      ok(await readBasket(app.db, requireSession(request), requestLanguage(request))),
  );

  app.get(
    '/basket/add/:productId/:quantity/:sellType',
    {
      config: { access: 'dealerOrUser', writes: true, apiScope: 'basket:write' },
      schema: { tags: ['basket'], params: basketAddParamsSchema, response: basketResponse },
    },
    async (request) => {
      const session = requireSession(request);
      await addToBasket(app.db, session, request.params);
      return ok(
        await readBasket(app.db, session, requestLanguage(request)),
        'Added to the basket.',
      );
    },
  );

  app.post(
    '/basket/sell-type/:sellType',
    {
      config: { access: 'dealerOrUser', writes: true, apiScope: 'basket:write' },
      schema: {
        tags: ['basket'],
        summary: 'Moves every basket line to one way of paying (1 cash, 2 credit)',
        params: basketSellTypeParamsSchema,
        response: basketResponse,
      },
    },
    async (request) => {
      const session = requireSession(request);
      await switchBasketSellType(app.db, session, request.params.sellType);
      return ok(
        await readBasket(app.db, session, requestLanguage(request)),
        'Every line of the basket is now paid this way.',
      );
    },
  );

  // the path declares exactly its own parameters: {itemId} alone removes one
  for (const [url, params] of [
    ['/basket/remove/:itemId', basketRemoveOneParamsSchema],
    ['/basket/remove/:itemId/:count', basketRemoveParamsSchema],
  ] as const) {
    app.get(
      url,
      {
        config: { access: 'dealerOrUser', writes: true, apiScope: 'basket:write' },
        schema: { tags: ['basket'], params, response: basketResponse },
      },
      async (request) => {
        const session = requireSession(request);
        const { itemId, count = 1 } = request.params as { itemId: number; count?: number };
        await removeFromBasket(app.db, session, itemId, count);
        return ok(
          await readBasket(app.db, session, requestLanguage(request)),
          'Removed from the basket.',
        );
      },
    );
  }
};
