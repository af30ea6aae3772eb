import { envelopeSchema, pageSchema } from '@esd/shared/api';
import { invoiceQuerySchema } from '@esd/shared/invoices/invoices.schemas';
import {
  activateKeyInputSchema,
  checkoutInputSchema,
  checkoutPreviewSchema,
  idempotencyKeySchema,
  lateDeliverySchema,
  manualDeliveryInputSchema,
  orderDetailSchema,
  orderExportQuerySchema,
  orderIdParamsSchema,
  orderItemParamsSchema,
  orderKeyParamsSchema,
  orderKeysFileQuerySchema,
  orderListQuerySchema,
  orderNoteSchema,
  orderSummarySchema,
  placedOrderSchema,
  reorderResultSchema,
  returnDecisionInputSchema,
  returnRequestInputSchema,
  sendKeysInputSchema,
  sendKeysResultSchema,
} from '@esd/shared/orders/orders.schemas';
import { sellTypeQuerySchema } from '@esd/shared/shop/sell-type.schemas';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendAttachment } from '../../lib/attachment';
import { AppError, ok } from '../../lib/errors';
import { requestLanguage } from '../../lib/language';
import { requireSession } from '../../plugins/auth';
import { createCheckoutService } from './checkout.service';
import { createInvoiceService } from './invoice.service';
import { exportOrders } from './orders.export';
import { orderKeysFile } from './orders.keys-file';
import { createOrdersService } from './orders.service';
import { createReorderService } from './reorder.service';

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
  const checkout = createCheckoutService({
    db: app.db,
    events: app.domainEvents,
    clock: app.clock,
  });
  const orders = createOrdersService({
    db: app.db,
    events: app.domainEvents,
    mailer: app.mailer,
    config: app.config,
    notifyAdmins: app.notifyAdmins,
    clock: app.clock,
  });
  const reorders = createReorderService({ db: app.db });
  const invoices = createInvoiceService({ db: app.db });
  /** Who asks, in which language: what every answer showing an order needs. */
  const viewer = (request: FastifyRequest) => ({
    session: requireSession(request),
    lang: requestLanguage(request),
  });

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
      config: { access: 'dealerOrUser' },
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

  app.get(
    '/orders/:id/invoice',
    {
      config: { access: 'public' },
      schema: {
        tags: ['orders'],
        description:
          "The order's invoice as a PDF: a proforma invoice (with payment instructions and a due date) while a cash order waits for its payment, an invoice once it is paid or when it is on credit. Seen by whoever may see the order. lang: the document's language, the one the buyer ordered in by default.",
        params: orderIdParamsSchema,
        querystring: invoiceQuerySchema,
      },
    },
    async (request, reply) => {
      const file = await invoices.forViewer(
        requireSession(request),
        request.params.id,
        request.query.lang,
      );
      return sendAttachment(reply, {
        contentType: 'application/pdf',
        filename: file.filename,
        body: file.content,
      });
    },
  );

  app.get(
    '/orders/:id/keys',
    {
      config: { access: 'public' },
      schema: {
        tags: ['orders'],
        description:
          "Download keys: the order's delivered keys as CSV or plain text, for whoever may see the order.",
        params: orderIdParamsSchema,
        querystring: orderKeysFileQuerySchema,
      },
    },
    async (request, reply) => {
      const file = await orderKeysFile(app.db, requireSession(request), request.params.id, {
        format: request.query.format,
        lang: requestLanguage(request),
      });
      return sendAttachment(reply, file);
    },
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
      const to = await orders.sendKeys(
        requireSession(request),
        request.params.id,
        request.body.email,
      );
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
