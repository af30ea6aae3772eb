import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { issueDueDocuments } from './invoices.service';

/**
 * Issues an order's documents of record when its money moves (issue 31): the proforma when a
 * cash order is placed, the invoice when it is paid or placed on credit, a credit note when money
 * goes back. A failure here never fails the order's action, which is committed already: it is
 * logged, and the first download or listing of the order's documents issues what was missed.
 */
export const invoicesEventsPlugin = fp(
  async (app: FastifyInstance) => {
    const deps = { db: app.db, clock: app.clock };
    const issue = async ({ orderId }: { orderId: number }) => {
      try {
        await issueDueDocuments(deps, orderId);
      } catch (err) {
        app.log.warn({ err, orderId }, 'order documents not issued; the next download issues them');
      }
    };
    app.domainEvents.on('order.placed', issue);
    // a credit order's checkout issued its invoice in its own transaction already
    app.domainEvents.on('order.paid', (event) =>
      event.placedNow && event.invoiced ? Promise.resolve() : issue(event),
    );
    app.domainEvents.on('order.refunded', issue);
  },
  { name: 'invoices-events', dependencies: ['domain-events'] },
);
