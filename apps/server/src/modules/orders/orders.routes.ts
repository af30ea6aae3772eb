import type { AccessRule } from '@esd/shared/access/access.rules';
import { envelopeSchema, pageSchema } from '@esd/shared/api';
import { idTextSchema } from '@esd/shared/bounds';
import { formatNumber } from '@esd/shared/format/format';
import { formatCount } from '@esd/shared/format/plural';
import {
  activateKeyInputSchema,
  confirmPaymentSchema,
  lateDeliverySchema,
  manualDeliveryInputSchema,
  type OrderDetail,
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

/** The English words of the reorder answer's counts. */
const lines = { one: 'line', other: 'lines' };

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
    ip: request.ip,
  });

  app.get(
    '/orders',
    {
      config: { access: 'public', apiScope: 'orders:read' },
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
      config: { access: 'public', apiScope: 'orders:read' },
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
      config: { access: 'public', apiScope: 'orders:read' },
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
        `${formatCount(result.added.length, 'en', lines)} added to the basket at today's prices, ${formatNumber(result.skipped.length, 'en')} skipped, ${formatCount(result.adobe.length, 'en', { one: 'Adobe line', other: 'Adobe lines' })} to price again.`,
      );
    },
  );

  /**
   * One action on an order: a POST that answers with the order's detail and a message saying
   * what was done. Every action keeps its own path, access rule, schemas and words.
   */
  const action = <Params extends z.ZodType, Body extends z.ZodType>(
    path: string,
    access: AccessRule,
    schema: { params: Params; body: Body },
    run: (
      who: ReturnType<typeof viewer>,
      params: z.infer<Params>,
      body: z.infer<Body>,
    ) => Promise<OrderDetail>,
    message: string | ((body: z.infer<Body>) => string),
  ) =>
    app.post(
      path,
      {
        config: { access },
        schema: { tags: ['orders'], ...schema, response: detailResponse },
      },
      // The type provider cannot resolve a schema that is still generic here; zod has
      // already parsed params and body with exactly these schemas.
      async (request) => {
        const body = request.body as z.infer<Body>;
        return ok(
          await run(viewer(request), request.params as z.infer<Params>, body),
          typeof message === 'string' ? message : message(body),
        );
      },
    );

  action(
    '/orders/:id/confirm-payment',
    'globalOrLocal',
    { params: orderIdParamsSchema, body: confirmPaymentSchema },
    (who, { id }, body) =>
      orders.confirmPayment(who, id, { note: body.note, expectedAzn: body.total_azn }),
    'Payment confirmed; keys are being delivered.',
  );
  action(
    '/orders/:id/cancel',
    'public',
    { params: orderIdParamsSchema, body: orderNoteSchema },
    (who, { id }, body) => orders.cancel(who, id, body.note),
    'The order is cancelled.',
  );
  action(
    '/orders/:id/settle-credit',
    'globalOrLocal',
    { params: orderIdParamsSchema, body: orderNoteSchema },
    (who, { id }, body) => orders.settleCredit(who, id, body.note),
    'The credit order is settled.',
  );
  action(
    '/orders/:id/items/:itemId/deliver',
    'globalOrLocal',
    { params: orderItemParamsSchema, body: manualDeliveryInputSchema },
    (who, { id, itemId }, body) => orders.deliverManually(who, id, itemId, body.keys),
    'The keys are delivered.',
  );
  action(
    '/orders/:id/items/:itemId/withdraw',
    'globalOrLocal',
    { params: orderItemParamsSchema, body: orderNoteSchema },
    (who, { id, itemId }, body) => orders.withdrawRefusedItem(who, id, itemId, body.note),
    'The refused item is withdrawn and its amount refunded.',
  );
  action(
    '/orders/:id/keys/:keyId/activate',
    'dealerOrUser',
    { params: orderKeyParamsSchema, body: activateKeyInputSchema },
    (who, { id, keyId }, body) => orders.activateKey(who, id, keyId, body.end_customer),
    'The key is marked activated.',
  );
  action(
    '/orders/:id/items/:itemId/return',
    'dealerOrUser',
    { params: orderItemParamsSchema, body: returnRequestInputSchema },
    (who, { id, itemId }, body) => orders.requestReturn(who, id, itemId, body.reason),
    'The return is requested.',
  );
  action(
    '/orders/:id/returns/:returnId/decide',
    'globalOrLocal',
    {
      params: orderIdParamsSchema.extend({
        returnId: idTextSchema,
      }),
      body: returnDecisionInputSchema,
    },
    (who, { id, returnId }, body) => orders.decideReturn(who, id, returnId, body),
    (body) => (body.approve ? 'The return is approved.' : 'The return is rejected.'),
  );
};
