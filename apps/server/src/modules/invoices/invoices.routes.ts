import { invoiceQuerySchema } from '@esd/shared/invoices/invoices.schemas';
import { orderIdParamsSchema } from '@esd/shared/orders/orders.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendAttachment } from '../../lib/attachment';
import { requireSession } from '../../plugins/auth';
import { createInvoiceService } from './invoices.service';

/** An order's invoice or proforma invoice as a PDF (issue 21). */
export const invoicesRoutes: FastifyPluginAsyncZod = async (app) => {
  const invoices = createInvoiceService({ db: app.db });

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
};
