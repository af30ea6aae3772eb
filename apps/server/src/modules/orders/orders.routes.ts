import { envelopeSchema, pageSchema } from '@esd/shared/api';
import {
  activateKeyInputSchema,
  checkoutInputSchema,
  checkoutPreviewSchema,
  idempotencyKeySchema,
  lateDeliverySchema,
  manualDeliveryInputSchema,
  orderDetailSchema,
  orderIdParamsSchema,
  orderItemParamsSchema,
  orderKeyParamsSchema,
  orderListQuerySchema,
  orderNoteSchema,
  orderSummarySchema,
  returnDecisionInputSchema,
  returnRequestInputSchema,
  sendKeysInputSchema,
  sendKeysResultSchema,
} from '@esd/shared/orders/orders.schemas';
import { sellTypeQuerySchema } from '@esd/shared/shop/sell-type.schemas';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, ok } from '../../lib/errors';
import { requestLanguage } from '../../lib/language';
import { takeUses } from '../../lib/usage-limit';
import { requireSession } from '../../plugins/auth';
import { ORDER_PLACED_MESSAGE, placeOrder, previewCheckout } from './checkout';
import {
  activateKey,
  cancelOrder,
  confirmPayment,
  decideReturn,
  deliverManually,
  requestReturn,
  settleCredit,
} from './orders.actions';
import { exportOrders } from './orders.export';
import { mailOrderKeys } from './orders.mail';
import { findVisibleOrder, lateDeliveries, listOrders, orderDetail } from './orders.query';

/** Keys mails a user can send in an hour, and mails one address can get (issue 18). */
const SEND_KEYS_PER_USER_PER_HOUR = 30;
const MAILS_PER_RECIPIENT_PER_HOUR = 10;

const detailResponse = { 200: envelopeSchema(orderDetailSchema) };

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

/** Checkout, the order list and page, and every action on an order (spec 2, issue 4). */
export const ordersRoutes: FastifyPluginAsyncZod = async (app) => {
  const detail = (request: FastifyRequest, id: number) =>
    orderDetail(app.db, requireSession(request), id, requestLanguage(request));

  app.get(
    '/checkout',
    {
      config: { access: 'dealerOrUser' },
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
        await previewCheckout(
          app.db,
          requireSession(request),
          request.query.sell_type,
          requestLanguage(request),
        ),
      ),
  );

  app.post(
    '/checkout',
    {
      config: { access: 'dealerOrUser' },
      schema: {
        tags: ['orders'],
        description:
          'Places the basket as one order. Send an Idempotency-Key header: the same key with the same body gets the first answer again, byte for byte (header Idempotent-Replayed: true), however often and concurrently it is sent; the same key with another body gets 422 IDEMPOTENCY_KEY_REUSED.',
        body: checkoutInputSchema,
        response: detailResponse,
      },
    },
    async (request, reply) => {
      const session = requireSession(request);
      const placed = await placeOrder(app.db, session, {
        sellType: request.body.sell_type,
        idempotencyKey: readIdempotencyKey(request),
        lang: requestLanguage(request),
      });
      if (!placed.replayed && placed.status === 'in_progress')
        await app.deliveries.orderPaid(placed.orderId);
      // a replay answers exactly what the first request answered; only this header tells them apart
      if (placed.replayed) reply.header('idempotent-replayed', 'true');
      return placed.answer ?? ok(await detail(request, placed.orderId), ORDER_PLACED_MESSAGE);
    },
  );

  app.get(
    '/orders',
    {
      config: { access: 'public' },
      schema: {
        tags: ['orders'],
        querystring: orderListQuerySchema,
        response: { 200: envelopeSchema(pageSchema(orderSummarySchema)) },
      },
    },
    async (request) => ok(await listOrders(app.db, requireSession(request), request.query)),
  );

  app.get(
    '/orders/export',
    {
      config: { access: 'public' },
      schema: {
        tags: ['orders'],
        querystring: orderListQuerySchema
          .omit({ page: true, perPage: true })
          .extend({ format: z.enum(['xlsx', 'csv']).default('xlsx') }),
      },
    },
    async (request, reply) =>
      exportOrders(app, requireSession(request), request.query, requestLanguage(request), reply),
  );

  app.get(
    '/orders/late-deliveries',
    {
      config: { access: 'globalOrLocal' },
      schema: { tags: ['orders'], response: { 200: envelopeSchema(z.array(lateDeliverySchema)) } },
    },
    async (request) =>
      ok(await lateDeliveries(app.db, requireSession(request), requestLanguage(request))),
  );

  app.get(
    '/orders/:id',
    {
      config: { access: 'public' },
      schema: { tags: ['orders'], params: orderIdParamsSchema, response: detailResponse },
    },
    async (request) => ok(await detail(request, request.params.id)),
  );

  app.post(
    '/orders/:id/confirm-payment',
    {
      config: { access: 'globalOrLocal' },
      schema: {
        tags: ['orders'],
        params: orderIdParamsSchema,
        body: orderNoteSchema,
        response: detailResponse,
      },
    },
    async (request) => {
      const { id } = request.params;
      await confirmPayment(app.db, requireSession(request), id, request.body.note);
      await app.deliveries.orderPaid(id);
      return ok(await detail(request, id), 'Payment confirmed; keys are being delivered.');
    },
  );

  app.post(
    '/orders/:id/cancel',
    {
      config: { access: 'public' },
      schema: {
        tags: ['orders'],
        params: orderIdParamsSchema,
        body: orderNoteSchema,
        response: detailResponse,
      },
    },
    async (request) => {
      await cancelOrder(app.db, requireSession(request), request.params.id, request.body.note);
      return ok(await detail(request, request.params.id), 'The order is cancelled.');
    },
  );

  app.post(
    '/orders/:id/settle-credit',
    {
      config: { access: 'globalOrLocal' },
      schema: {
        tags: ['orders'],
        params: orderIdParamsSchema,
        body: orderNoteSchema,
        response: detailResponse,
      },
    },
    async (request) => {
      await settleCredit(app.db, requireSession(request), request.params.id, request.body.note);
      return ok(await detail(request, request.params.id), 'The credit order is settled.');
    },
  );

  app.post(
    '/orders/:id/items/:itemId/deliver',
    {
      config: { access: 'globalOrLocal' },
      schema: {
        tags: ['orders'],
        params: orderItemParamsSchema,
        body: manualDeliveryInputSchema,
        response: detailResponse,
      },
    },
    async (request) => {
      const { id, itemId } = request.params;
      const completed = await deliverManually(
        app.db,
        requireSession(request),
        id,
        itemId,
        request.body.keys,
      );
      if (completed) await app.deliveries.orderCompleted(id);
      return ok(await detail(request, id), 'The keys are delivered.');
    },
  );

  app.post(
    '/orders/:id/send-keys',
    {
      config: { access: 'public' },
      schema: {
        tags: ['orders'],
        params: orderIdParamsSchema,
        body: sendKeysInputSchema,
        response: { 200: envelopeSchema(sendKeysResultSchema) },
      },
    },
    async (request) => {
      const session = requireSession(request);
      await findVisibleOrder(app.db, session, request.params.id);
      // "Send keys" mails whom the user names: limited per user and per recipient (issue 18)
      const recipient = request.body.email?.toLowerCase() ?? `buyer-of-order:${request.params.id}`;
      await takeUses(app.db, [
        {
          key: `send-keys:user:${session.user.id}`,
          max: SEND_KEYS_PER_USER_PER_HOUR,
          windowSeconds: 3600,
          message: 'You have sent keys too often: try again in {minutes} minutes.',
        },
        {
          key: `mail:to:${recipient}`,
          max: MAILS_PER_RECIPIENT_PER_HOUR,
          windowSeconds: 3600,
          message: 'Too many mails to this address: try again in {minutes} minutes.',
        },
      ]);
      const to = await mailOrderKeys(app, request.params.id, request.body.email);
      if (!to) throw new AppError('INVALID_STATE', 'This order has no delivered keys yet.');
      return ok({ to }, `The keys were sent to ${to}.`);
    },
  );

  app.post(
    '/orders/:id/keys/:keyId/activate',
    {
      config: { access: 'dealerOrUser' },
      schema: {
        tags: ['orders'],
        params: orderKeyParamsSchema,
        body: activateKeyInputSchema,
        response: detailResponse,
      },
    },
    async (request) => {
      const { id, keyId } = request.params;
      await activateKey(app.db, requireSession(request), id, keyId, request.body.end_customer);
      return ok(await detail(request, id), 'The key is marked activated.');
    },
  );

  app.post(
    '/orders/:id/items/:itemId/return',
    {
      config: { access: 'dealerOrUser' },
      schema: {
        tags: ['orders'],
        params: orderItemParamsSchema,
        body: returnRequestInputSchema,
        response: detailResponse,
      },
    },
    async (request) => {
      const { id, itemId } = request.params;
      await requestReturn(app.db, requireSession(request), id, itemId, {
        reason: request.body.reason,
        lang: requestLanguage(request),
      });
      return ok(await detail(request, id), 'The return is requested.');
    },
  );

  app.post(
    '/orders/:id/returns/:returnId/decide',
    {
      config: { access: 'globalOrLocal' },
      schema: {
        tags: ['orders'],
        params: orderIdParamsSchema.extend({
          returnId: z.coerce.number().int().positive().max(2_147_483_647),
        }),
        body: returnDecisionInputSchema,
        response: detailResponse,
      },
    },
    async (request) => {
      const { id, returnId } = request.params;
      await decideReturn(app.db, requireSession(request), id, returnId, {
        ...request.body,
        lang: requestLanguage(request),
      });
      return ok(
        await detail(request, id),
        request.body.approve ? 'The return is approved.' : 'The return is rejected.',
      );
    },
  );
};
