import { envelopeSchema, pageSchema } from '@esd/shared/api';
import {
  activateKeyInputSchema,
  lateDeliverySchema,
  manualDeliveryInputSchema,
  orderDetailSchema,
  orderExportQuerySchema,
  orderIdParamsSchema,
  orderItemParamsSchema,
  orderKeyParamsSchema,
  orderListQuerySchema,
  orderNoteSchema,
  orderSummarySchema,
  reorderResultSchema,
  returnDecisionInputSchema,
  returnRequestInputSchema,
} from '@esd/shared/orders/orders.schemas';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendAttachment } from '../../lib/attachment';
import { ok } from '../../lib/errors';
import { requestLanguage } from '../../lib/language';
import { requireSession } from '../../plugins/auth';
import { exportOrders } from './orders.export';
import { createOrdersService } from './orders.service';
import { createReorderService } from './reorder.service';

const detailResponse = { 200: envelopeSchema(orderDetailSchema) };

/** The order list and page, its export, order again, and every action on an order (spec 2, issue 4). */
export const ordersRoutes: FastifyPluginAsyncZod = async (app) => {
  const orders = createOrdersService({
    db: app.db,
    events: app.domainEvents,
    notifyAdmins: app.notifyAdmins,
    clock: app.clock,
  });
  const reorders = createReorderService({ db: app.db });
  /** Who asks, in which language: what every answer showing an order needs. */
  const viewer = (request: FastifyRequest) => ({
    session: requireSession(request),
    lang: requestLanguage(request),
  });

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
    async (request) => ok(await orders.list(requireSession(request), request.query)),
  );

  app.get(
    '/orders/export',
    {
      config: { access: 'public' },
      schema: {
        tags: ['orders'],
        description:
          "The filtered orders as a file: one row per order, or with detail=items one row per order line (with the keys of the viewer's own purchases). The query is validated before the first byte.",
        querystring: orderExportQuerySchema,
      },
    },
    async (request, reply) => {
      const file = exportOrders(
        { db: app.db, log: app.log, clock: app.clock },
        requireSession(request),
        request.query,
        requestLanguage(request),
      );
      return sendAttachment(reply, {
        contentType: file.contentType,
        filename: file.filename,
        body: file.stream,
      });
    },
  );

  app.get(
    '/orders/late-deliveries',
    {
      config: { access: 'globalOrLocal' },
      schema: { tags: ['orders'], response: { 200: envelopeSchema(z.array(lateDeliverySchema)) } },
    },
    async (request) => ok(await orders.lateDeliveries(viewer(request))),
  );

  app.get(
    '/orders/:id',
    {
      config: { access: 'public' },
      schema: { tags: ['orders'], params: orderIdParamsSchema, response: detailResponse },
    },
    async (request) => ok(await orders.detail(viewer(request), request.params.id)),
  );

  app.post(
    '/orders/:id/reorder',
    {
      config: { access: 'dealerOrUser' },
      schema: {
        tags: ['orders'],
        params: orderIdParamsSchema,
        response: { 200: envelopeSchema(reorderResultSchema) },
      },
    },
    async (request) => {
      const result = await reorders.reorder(viewer(request), request.params.id);
      return ok(
        result,
        `${result.added.length} line(s) added to the basket at today's prices, ${result.skipped.length} skipped, ${result.adobe.length} Adobe line(s) to price again.`,
      );
    },
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
    async (request) =>
      ok(
        await orders.confirmPayment(viewer(request), request.params.id, request.body.note),
        'Payment confirmed; keys are being delivered.',
      ),
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
    async (request) =>
      ok(
        await orders.cancel(viewer(request), request.params.id, request.body.note),
        'The order is cancelled.',
      ),
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
    async (request) =>
      ok(
        await orders.settleCredit(viewer(request), request.params.id, request.body.note),
        'The credit order is settled.',
      ),
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
      return ok(
        await orders.deliverManually(viewer(request), id, itemId, request.body.keys),
        'The keys are delivered.',
      );
    },
  );

  app.post(
    '/orders/:id/items/:itemId/withdraw',
    {
      config: { access: 'globalOrLocal' },
      schema: {
        tags: ['orders'],
        params: orderItemParamsSchema,
        body: orderNoteSchema,
        response: detailResponse,
      },
    },
    async (request) => {
      const { id, itemId } = request.params;
      return ok(
        await orders.withdrawRefusedItem(viewer(request), id, itemId, request.body.note),
        'The refused item is withdrawn and its amount refunded.',
      );
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
      return ok(
        await orders.activateKey(viewer(request), id, keyId, request.body.end_customer),
        'The key is marked activated.',
      );
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
      return ok(
        await orders.requestReturn(viewer(request), id, itemId, request.body.reason),
        'The return is requested.',
      );
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
      return ok(
        await orders.decideReturn(viewer(request), id, returnId, request.body),
        request.body.approve ? 'The return is approved.' : 'The return is rejected.',
      );
    },
  );
};
