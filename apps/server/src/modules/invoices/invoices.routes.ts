import { envelopeSchema } from '@esd/shared/api';
import {
  invoiceQuerySchema,
  orderDocumentParamsSchema,
  orderDocumentsAnswerSchema,
} from '@esd/shared/invoices/invoices.schemas';
import { orderIdParamsSchema } from '@esd/shared/orders/orders.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendAttachment } from '../../lib/attachment';
import { ok } from '../../lib/errors';
import { requireSession } from '../../plugins/auth';
import { createInvoiceService, type InvoiceFile } from './invoices.service';

/** An order's documents of record as PDFs: its invoice, proforma invoice and credit notes. */
export const invoicesRoutes: FastifyPluginAsyncZod = async (app) => {
  const invoices = createInvoiceService({ db: app.db, clock: app.clock });
  const pdf = (file: InvoiceFile) => ({
    contentType: 'application/pdf',
    filename: file.filename,
    body: file.content,
  });

  app.get(
    '/orders/:id/invoice',
    {
      // a cancelled order has no invoice; none is issued while the seller's details are missing
      config: { access: 'public', apiScope: 'orders:read', refusals: [409] },
      schema: {
        tags: ['orders'],
        description:
          "The order's current document as a PDF: a proforma invoice (with payment instructions and a due date) while a cash order waits for its payment, an invoice once it is paid or when it is on credit; each as issued, numbered and frozen (issue 31). Seen by whoever may see the order. lang: the document's language, the one the buyer ordered in by default.",
        params: orderIdParamsSchema,
        querystring: invoiceQuerySchema,
      },
    },
    async (request, reply) =>
      sendAttachment(
        reply,
        pdf(
          await invoices.forViewer(requireSession(request), request.params.id, request.query.lang),
        ),
      ),
  );

  app.get(
    '/orders/:id/documents',
    {
      config: { access: 'public', apiScope: 'orders:read' },
      schema: {
        tags: ['orders'],
        description:
          "The order's documents of record, in the order they were issued: its proforma invoice, its invoice and a credit note per refund, each with its number, time of issue and AZN amount. Seen by whoever may see the order.",
        params: orderIdParamsSchema,
        response: { 200: envelopeSchema(orderDocumentsAnswerSchema) },
      },
    },
    async (request) => ok(await invoices.list(requireSession(request), request.params.id)),
  );

  app.get(
    '/orders/:id/documents/:number',
    {
      config: { access: 'public', apiScope: 'orders:read' },
      schema: {
        tags: ['orders'],
        description:
          'One document of the order as a PDF, by its number, exactly as issued whatever changed since. lang: the language, the one the buyer ordered in by default.',
        params: orderDocumentParamsSchema,
        querystring: invoiceQuerySchema,
      },
    },
    async (request, reply) => {
      const { id, number } = request.params;
      const file = await invoices.download(requireSession(request), id, number, request.query.lang);
      return sendAttachment(reply, pdf(file));
    },
  );
};
