import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * What one module tells the others after its change is committed, and what it carries. The
 * module that changes emits; whoever must react listens, so the emitter need not know who that
 * is (issue 30: orders and keys say what happened, delivery listens). Names only, no module
 * import: this file stays below the modules.
 */
type OrderEvent = {
  orderId: number;
  /**
   * the order's dealer, when the emitter has it at hand: the dealer's webhooks then skip reading
   * an order of a dealer without endpoints (issue 35)
   */
  dealerId?: number;
};

type DomainEventMap = {
  /** a cash order was placed: it waits for its payment (its confirmation mail is due) */
  'order.placed': OrderEvent;
  /** an order was paid (a credit order at once, a cash order when an admin confirms it) */
  'order.paid': OrderEvent & {
    /** paid as it was placed (a credit order): no `order.placed` went before it */
    placedNow?: boolean;
    /** its invoice was issued with it, in the transaction that placed it (issue 35) */
    invoiced?: boolean;
  };
  /** an order got its last key by hand, or its last refused item was withdrawn */
  'order.completed': OrderEvent;
  /**
   * money of an order may have gone back (a cancel, an approved return, a withdrawn item): its
   * money trail has the refund, if any (issue 31: the credit note is issued from it)
   */
  'order.refunded': { orderId: number };
  /** an order was cancelled (its refund, if any, is told as `order.refunded`) */
  'order.cancelled': OrderEvent;
  /** an admin approved or rejected a return request of an order's item */
  'return.decided': { orderId: number; returnId: number; approved: boolean };
  /** the daily reminder found an Adobe subscription of a dealer's customer coming up for renewal */
  'adobe.renewing': {
    dealerId: number;
    /** the portal's id of the Adobe customer */
    customerId: number;
    subscriptionId: string;
    offerId: string;
    renewalDate: string;
    renewalQuantity: number | null;
    autoRenew: boolean;
    /** the reminder's kind: 30 or 7 days before */
    daysBefore: number;
  };
  /** keys of a product were added to the stock */
  'keys.added': { productId: number };
};

/** What an event of this name carries. */
export type DomainEvent<K extends keyof DomainEventMap> = DomainEventMap[K];

type Listener<K extends keyof DomainEventMap> = (event: DomainEventMap[K]) => Promise<void>;

export type DomainEvents = {
  /** runs every listener of the event in the order they were added, and waits for them */
  emit: <K extends keyof DomainEventMap>(name: K, event: DomainEventMap[K]) => Promise<void>;
  on: <K extends keyof DomainEventMap>(name: K, listener: Listener<K>) => void;
};

/**
 * A typed in-process event bus. `emit` waits for the listeners and passes on their failure, so
 * the emitter handles it exactly as it did a direct call.
 */
const createDomainEvents = (): DomainEvents => {
  const listeners = new Map<keyof DomainEventMap, Listener<never>[]>();
  return {
    emit: async (name, event) => {
      for (const listener of (listeners.get(name) ?? []) as Listener<typeof name>[]) {
        await listener(event);
      }
    },
    on: (name, listener) => {
      listeners.set(name, [...(listeners.get(name) ?? []), listener as Listener<never>]);
    },
  };
};

declare module 'fastify' {
  interface FastifyInstance {
    domainEvents: DomainEvents;
  }
}

export const domainEventsPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorate<DomainEvents>('domainEvents', createDomainEvents());
  },
  { name: 'domain-events' },
);
