import { envelopeSchema } from '@esd/shared/api';
import {
  checkoutInputSchema,
  checkoutPreviewSchema,
  idempotencyKeySchema,
  placedOrderSchema,
} from '@esd/shared/orders/orders.schemas';
import { sellTypeQuerySchema } from '@esd/shared/shop/sell-type.schemas';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, ok } from '../../lib/errors';
import { requestLanguage } from '../../lib/language';
import { requireSession } from '../../plugins/auth';
import { createCheckoutService } from './checkout.service';

const readIdempotencyKey = (request: FastifyRequest) => {
  const parsed = idempotencyKeySchema.safeParse(request.headers['idempotency-key']);
  if (!parsed.success) {
    throw new AppError(
      'VALIDATION_FAILED',
      'An Idempotency-Key header of 8 to 200 printable characters is required.',
      { issues: [{ path: ['Idempotency-Key'], message: parsed.error.issues[0]?.message }] },
    );
  }
  return parsed.data;
};

/** Checkout: the review of the basket and the order placed from it (spec 2, issue 4). */
export const checkoutRoutes: FastifyPluginAsyncZod = async (app) => {
  const checkout = createCheckoutService({
    db: app.db,
    events: app.domainEvents,
    clock: app.clock,
  });

  app.get(
    '/checkout',
    {
      // a review past the money limits, or of lines that may no longer be bought, is refused
      config: { access: 'dealerOrUser', apiScope: 'basket:write', refusals: [422] },
      schema: {
        tags: ['orders'],
        querystring: z.object({
          sell_type: sellTypeQuerySchema.optional(),
        }),
        response: { 200: envelopeSchema(checkoutPreviewSchema) },
      },
    },
    async (request) =>
      ok(
        await checkout.preview(
          requireSession(request),
          request.query.sell_type,
          requestLanguage(request),
        ),
      ),
  );

  app.post(
    '/checkout',
    {
      config: { access: 'dealerOrUser', apiScope: 'basket:write' },
      schema: {
        tags: ['orders'],
        description:
          'Places the basket as one order. Send the `quote` of the review the buyer confirmed (GET /api/checkout): the order then charges exactly that review, or is not placed and the answer is 409 PRICE_CHANGED with the new review (`data.review`, with its own quote) and what changed (`data.changes`, old → new). Without `quote` the order is charged the prices of the moment it is placed. Send an Idempotency-Key header: the same key with the same body gets the first answer again, byte for byte (header Idempotent-Replayed: true), however often and concurrently it is sent; the same key with another body gets 422 IDEMPOTENCY_KEY_REUSED.',
        body: checkoutInputSchema,
        response: { 200: envelopeSchema(placedOrderSchema) },
      },
    },
    async (request, reply) => {
      const placed = await checkout.place(requireSession(request), {
        sellType: request.body.sell_type,
        quote: request.body.quote,
        idempotencyKey: readIdempotencyKey(request),
        lang: requestLanguage(request),
      });
      // a replay answers exactly what the first request answered; only this header tells them apart
      if (placed.replayed) reply.header('idempotent-replayed', 'true');
      return placed.answer;
    },
  );
};
