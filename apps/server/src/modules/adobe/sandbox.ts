import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  type AdobeStanding,
  baseOfferId,
  isCommitted,
  levelOfferId,
  orderLevel,
} from '@esd/shared/adobe/adobe.rules';
import { divideRounded, fromCents, toCents } from '@esd/shared/shop/money';
import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify';
import { demoProducts } from '../../seed/demo-catalogue';
import { demoAdobeCustomers } from './demo-customers';
import { addYears, DAY, isoDay } from './sandbox-days';
import { demoSubscriptionsOf } from './sandbox-demo';

/**
 * A local stand-in for Adobe's VIP Marketplace partner API: IMS client-credential tokens,
 * customers, order PREVIEW/NEW with volume and three-year-commitment levels and proration to
 * the customer's anniversary date, and subscriptions. The portal's adapter talks to it over
 * HTTP exactly as to the real endpoint. State is kept in a JSON file in the data folder.
 *
 * As at Adobe, an order of an offer the customer already subscribes to adds its licences to
 * that subscription; every subscription renews on the customer's anniversary (coterm) date, and
 * once that date has passed, those with auto-renewal renew for their renewal quantity and the
 * others become inactive (1004). A three-year-commitment order commits the customer for three
 * years from that day (the THREE_YEAR_COMMIT benefit of the customer).
 *
 * Prices follow Adobe's discount levels (docs/domain/adobe.md#discount-levels): an order is
 * priced at the level of the customer's active licences and the order's together, and a
 * committed customer's every order at its commitment level. A subscription carries the offer of
 * its level, as Adobe's do; its renewal moves it to the level of the licences renewed.
 */

type Customer = {
  customerId: string;
  resellerId: string;
  externalReferenceId: string;
  status: string;
  creationDate: string;
  cotermDate: string;
  companyProfile: {
    companyName: string;
    preferredLanguage: string;
    marketSegment: 'COM' | 'EDU' | 'GOV';
    address: Record<string, string>;
    contacts: { firstName: string; lastName: string; email: string; phoneNumber?: string }[];
  };
  benefits?: {
    type: string;
    commitment?: { startDate: string; endDate: string; status: string };
  }[];
};
type LineItem = {
  extLineItemNumber: number;
  offerId: string;
  quantity: number;
  status: string;
  subscriptionId: string;
  proratedDays: number;
  pricing: {
    partnerPrice: string;
    discountedPartnerPrice: string;
    netPartnerPrice: string;
    lineItemPartnerPrice: string;
  };
};
type Order = {
  orderId: string;
  customerId: string;
  externalReferenceId: string;
  orderType: 'PREVIEW' | 'NEW';
  referenceOrderId: string;
  currencyCode: 'USD';
  creationDate: string;
  status: string;
  benefits: { type: string }[];
  lineItems: LineItem[];
};
type Subscription = {
  subscriptionId: string;
  offerId: string;
  currentQuantity: number;
  /** absent in state files written before the sandbox kept it: the current quantity */
  renewalQuantity?: number;
  autoRenewal: { enabled: boolean };
  creationDate: string;
  renewalDate: string;
  status: string;
};
type State = {
  customers: Record<string, Customer>;
  orders: Record<string, Order>;
  subscriptions: Record<string, Subscription[]>;
  nextId: number;
  /** the demo customers got their subscriptions (`demo`) */
  demoSeeded?: boolean;
};

export type SandboxOptions = {
  dataDir: string;
  clientId: string;
  clientSecret: string;
  apiKey: string;
  resellerId: string;
  /** the demo customers hold subscriptions from before the portal (the demo, not the tests) */
  demo?: boolean;
};

/** Discounts of the volume levels 1–4 and the commitment levels 12–14, in hundredths of a percent. */
const LEVEL_DISCOUNT: Record<number, bigint> = {
  1: 0n,
  2: 600n,
  3: 1000n,
  4: 1400n,
  12: 900n,
  13: 1300n,
  14: 1700n,
};

/** Partner prices per base offer: the demo catalogue's Adobe products. */
const partnerPrices = new Map(
  demoProducts.filter((p) => p.providerId === 3).map((p) => [p.sku, p.dealerPrice]),
);

const adobeError = (reply: FastifyReply, status: number, code: string, message: string) =>
  reply.status(status).send({ code, message, additionalDetails: [] });

export const createAdobeSandbox = async (options: SandboxOptions) => {
  const file = path.join(options.dataDir, 'adobe-sandbox.json');
  const now = () => new Date();
  const load = (): State => {
    if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as State;
    const created = now();
    const state: State = { customers: {}, orders: {}, subscriptions: {}, nextId: 1 };
    demoAdobeCustomers.forEach((c, index) => {
      state.customers[c.customerId] = {
        customerId: c.customerId,
        resellerId: options.resellerId,
        externalReferenceId: `demo-${index + 1}`,
        status: '1000',
        creationDate: created.toISOString(),
        // anniversaries spread over the year, so prorated days differ per customer
        cotermDate: isoDay(new Date(created.getTime() + (120 + index * 90) * DAY)),
        companyProfile: {
          companyName: c.companyName,
          preferredLanguage: 'en-US',
          marketSegment: c.marketSegment,
          address: {
            country: c.country,
            region: '',
            city: c.city,
            addressLine1: c.addressLine1,
            addressLine2: '',
            postalCode: c.postalCode,
            phoneNumber: '+994 12 000 00 00',
          },
          contacts: [{ ...c.contact, phoneNumber: '+994 50 000 00 00' }],
        },
      };
    });
    return state;
  };
  const state = load();
  const save = () => {
    const temporary = `${file}.${process.pid}.tmp`;
    writeFileSync(temporary, JSON.stringify(state));
    renameSync(temporary, file);
  };
  const nextId = (prefix: string) => `${prefix}${String(9_000_000 + state.nextId++)}`;
  if (options.demo && !state.demoSeeded) {
    for (const customer of Object.values(state.customers)) {
      const demo = demoSubscriptionsOf(customer.customerId, now());
      if (!demo || (state.subscriptions[customer.customerId] ?? []).length > 0) continue;
      customer.cotermDate = demo.cotermDate;
      if (demo.commitment) customer.benefits = [demo.commitment];
      state.subscriptions[customer.customerId] = demo.subscriptions.map((d) => ({
        ...d,
        subscriptionId: nextId('S'),
        renewalQuantity: d.currentQuantity,
        autoRenewal: { enabled: true },
        renewalDate: demo.cotermDate,
        status: '1000',
      }));
    }
    state.demoSeeded = true;
    save();
  }

  /** What Adobe counts for a customer's next order: its active licences and its commitment. */
  const standingOf = (customer: Customer): AdobeStanding => ({
    licences: (state.subscriptions[customer.customerId] ?? [])
      .filter((s) => s.status === '1000')
      .reduce((sum, s) => sum + s.currentQuantity, 0),
    committed: isCommitted(customer),
  });

  /**
   * The customer as of today: each anniversary that has passed renews the subscriptions with
   * auto-renewal (for their renewal quantity) and ends the others, and moves the anniversary a
   * year on; a three-year commitment past its end date has expired.
   */
  const customerOf = (customerId: string) => {
    const customer = state.customers[customerId];
    if (!customer) return undefined;
    const today = isoDay(now());
    let changed = false;
    while (customer.cotermDate < today) {
      for (const subscription of state.subscriptions[customerId] ?? []) {
        if (subscription.status !== '1000') continue;
        if (subscription.autoRenewal.enabled) {
          subscription.currentQuantity =
            subscription.renewalQuantity ?? subscription.currentQuantity;
          subscription.renewalDate = addYears(customer.cotermDate, 1);
        } else subscription.status = '1004';
      }
      customer.cotermDate = addYears(customer.cotermDate, 1);
      changed = true;
    }
    if (changed) {
      // a renewal is priced, and offered, at the level of the licences renewed
      const renewed = (state.subscriptions[customerId] ?? []).filter((s) => s.status === '1000');
      const level = orderLevel(
        {
          licences: renewed.reduce((sum, s) => sum + s.currentQuantity, 0),
          committed: isCommitted(customer),
        },
        0,
        false,
      );
      for (const subscription of renewed)
        subscription.offerId = levelOfferId(subscription.offerId, level);
    }
    for (const benefit of customer.benefits ?? []) {
      const commitment = benefit.commitment;
      if (commitment?.status === 'COMMITTED' && commitment.endDate < today) {
        commitment.status = 'EXPIRED';
        changed = true;
      }
    }
    if (changed) save();
    return customer;
  };

  const tokens = new Map<string, number>();
  const app = Fastify({ logger: false });
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );

  app.post('/ims/token/v3', async (request, reply) => {
    const body = (request.body ?? {}) as Record<string, string>;
    if (body.client_id !== options.clientId || body.client_secret !== options.clientSecret) {
      return reply
        .status(401)
        .send({ error: 'invalid_client', error_description: 'invalid client' });
    }
    const token = randomUUID();
    tokens.set(token, Date.now() + 86_399_000);
    return { access_token: token, token_type: 'bearer', expires_in: 86_399 };
  });

  const authorize = async (request: FastifyRequest, reply: FastifyReply) => {
    const bearer = request.headers.authorization?.replace(/^Bearer /, '') ?? '';
    const valid = (tokens.get(bearer) ?? 0) > Date.now();
    if (!valid || request.headers['x-api-key'] !== options.apiKey) {
      return adobeError(reply, 401, '401013', 'Oauth token is not valid');
    }
    if (!request.headers['x-correlation-id']) {
      return adobeError(reply, 400, '1117', 'Missing X-Correlation-Id header');
    }
  };

  await app.register(async (v3) => {
    v3.addHook('onRequest', authorize);

    v3.post('/v3/customers', async (request, reply) => {
      const body = request.body as Partial<Customer> & { resellerId?: string };
      const profile = body.companyProfile;
      const name = profile?.companyName?.trim() ?? '';
      if (body.resellerId !== options.resellerId)
        return adobeError(reply, 400, '1115', 'Invalid reseller id');
      if (name.length < 4 || name.length > 59)
        return adobeError(reply, 400, '1101', 'companyName must be 4 to 59 characters');
      if (!profile || !['COM', 'EDU', 'GOV'].includes(profile.marketSegment))
        return adobeError(reply, 400, '1102', 'Invalid marketSegment');
      if (!/^[A-Z]{2}$/.test(profile.address?.country ?? ''))
        return adobeError(reply, 400, '1103', 'Invalid address country');
      if (!profile.contacts?.length || !profile.contacts.every((c) => /@/.test(c.email)))
        return adobeError(reply, 400, '1104', 'At least one contact with an email is required');
      const existing = Object.values(state.customers).find(
        (c) => c.externalReferenceId === body.externalReferenceId && body.externalReferenceId,
      );
      if (existing) return reply.status(201).send(existing);
      const created = now();
      const customer: Customer = {
        customerId: nextId('10'),
        resellerId: options.resellerId,
        externalReferenceId: body.externalReferenceId ?? '',
        status: '1000',
        creationDate: created.toISOString(),
        cotermDate: isoDay(new Date(created.getTime() + 365 * DAY)),
        companyProfile: {
          companyName: name,
          preferredLanguage: profile.preferredLanguage ?? 'en-US',
          marketSegment: profile.marketSegment,
          address: profile.address ?? {},
          contacts: profile.contacts,
        },
      };
      state.customers[customer.customerId] = customer;
      save();
      return reply.status(201).send(customer);
    });

    v3.get('/v3/customers/:customerId', async (request, reply) => {
      const { customerId } = request.params as { customerId: string };
      const customer = customerOf(customerId);
      return customer ?? adobeError(reply, 404, '1116', 'Invalid Customer');
    });

    v3.post('/v3/customers/:customerId/orders', async (request, reply) => {
      const { customerId } = request.params as { customerId: string };
      const customer = customerOf(customerId);
      if (!customer) return adobeError(reply, 404, '1116', 'Invalid Customer');
      const body = request.body as {
        orderType?: string;
        externalReferenceId?: string;
        currencyCode?: string;
        benefits?: { type: string }[];
        lineItems?: { extLineItemNumber?: number; offerId?: string; quantity?: number }[];
      };
      if (body.orderType !== 'PREVIEW' && body.orderType !== 'NEW')
        return adobeError(reply, 400, '2101', 'orderType must be PREVIEW or NEW');
      if (body.orderType === 'NEW' && body.externalReferenceId) {
        const placed = Object.values(state.orders).find(
          (o) => o.customerId === customerId && o.externalReferenceId === body.externalReferenceId,
        );
        // the same externalReferenceId never places a second order
        if (placed) return reply.status(201).send(placed);
      }
      const lines = body.lineItems ?? [];
      if (lines.length === 0) return adobeError(reply, 400, '2103', 'lineItems must not be empty');
      const threeYear = (body.benefits ?? []).some((b) => b.type === 'THREE_YEAR_COMMIT');
      const standing = standingOf(customer);
      const ordered = lines.reduce((sum, line) => sum + (line.quantity ?? 0), 0);
      const today = now();
      const anniversary = new Date(`${customer.cotermDate}T00:00:00Z`);
      const days = Math.min(
        365,
        Math.max(1, Math.ceil((anniversary.getTime() - today.getTime()) / DAY)),
      );
      const priced: LineItem[] = [];
      for (const [index, line] of lines.entries()) {
        const quantity = line.quantity ?? 0;
        if (!Number.isInteger(quantity) || quantity < 1 || quantity > 10_000)
          return adobeError(
            reply,
            400,
            '2120',
            `Invalid quantity ${quantity}: 1 to 10000 licences`,
          );
        const base = baseOfferId(line.offerId ?? '');
        const price = partnerPrices.get(base);
        if (!price) return adobeError(reply, 400, '2119', `Invalid offerId ${line.offerId}`);
        if (threeYear && quantity < 10 && !standing.committed)
          return adobeError(
            reply,
            400,
            '2117',
            'A three-year commitment needs at least 10 licences',
          );
        const level = orderLevel(standing, ordered, threeYear);
        const partner = toCents(price);
        const discounted = divideRounded(
          partner * (10_000n - (LEVEL_DISCOUNT[level] ?? 0n)),
          10_000n,
        );
        const net = divideRounded(discounted * BigInt(days), 365n);
        priced.push({
          extLineItemNumber: line.extLineItemNumber ?? index + 1,
          offerId: levelOfferId(base, level),
          quantity,
          status: body.orderType === 'NEW' ? '1000' : '',
          subscriptionId: '',
          proratedDays: days,
          pricing: {
            partnerPrice: fromCents(partner),
            discountedPartnerPrice: fromCents(discounted),
            netPartnerPrice: fromCents(net),
            lineItemPartnerPrice: fromCents(net * BigInt(quantity)),
          },
        });
      }
      const order: Order = {
        orderId: body.orderType === 'NEW' ? nextId('5') : '',
        customerId,
        externalReferenceId: body.externalReferenceId ?? '',
        orderType: body.orderType,
        referenceOrderId: '',
        currencyCode: 'USD',
        creationDate: today.toISOString(),
        status: body.orderType === 'NEW' ? '1000' : '',
        benefits: threeYear ? [{ type: 'THREE_YEAR_COMMIT' }] : [],
        lineItems: priced,
      };
      if (body.orderType === 'NEW') {
        const subscriptions = state.subscriptions[customerId] ?? [];
        state.subscriptions[customerId] = subscriptions;
        for (const line of order.lineItems) {
          // an offer the customer already subscribes to gets the licences added
          const offerId = baseOfferId(line.offerId);
          const existing = subscriptions.find(
            (s) => s.status === '1000' && baseOfferId(s.offerId) === offerId,
          );
          if (existing) {
            // the subscription moves to the level it was bought at now
            existing.offerId = line.offerId;
            existing.renewalQuantity =
              (existing.renewalQuantity ?? existing.currentQuantity) + line.quantity;
            existing.currentQuantity += line.quantity;
            line.subscriptionId = existing.subscriptionId;
            continue;
          }
          line.subscriptionId = nextId('S');
          subscriptions.push({
            subscriptionId: line.subscriptionId,
            offerId: line.offerId,
            currentQuantity: line.quantity,
            renewalQuantity: line.quantity,
            autoRenewal: { enabled: true },
            creationDate: today.toISOString(),
            renewalDate: customer.cotermDate,
            status: '1000',
          });
        }
        if (threeYear && !standing.committed) {
          const start = isoDay(today);
          customer.benefits = [
            ...(customer.benefits ?? []).filter((b) => b.type !== 'THREE_YEAR_COMMIT'),
            {
              type: 'THREE_YEAR_COMMIT',
              commitment: { startDate: start, endDate: addYears(start, 3), status: 'COMMITTED' },
            },
          ];
        }
        state.orders[order.orderId] = order;
        save();
      }
      return reply.status(body.orderType === 'NEW' ? 201 : 200).send(order);
    });

    v3.get('/v3/customers/:customerId/orders/:orderId', async (request, reply) => {
      const { customerId, orderId } = request.params as { customerId: string; orderId: string };
      const order = state.orders[orderId];
      return order && order.customerId === customerId
        ? order
        : adobeError(reply, 404, '2113', 'Invalid Order');
    });

    v3.get('/v3/customers/:customerId/subscriptions', async (request, reply) => {
      const { customerId } = request.params as { customerId: string };
      const customer = customerOf(customerId);
      if (!customer) return adobeError(reply, 404, '1116', 'Invalid Customer');
      const items = (state.subscriptions[customerId] ?? []).map((s) => {
        const renewalQuantity = s.renewalQuantity ?? s.currentQuantity;
        return {
          subscriptionId: s.subscriptionId,
          offerId: s.offerId,
          currentQuantity: s.currentQuantity,
          renewalQuantity,
          autoRenewal: { enabled: s.autoRenewal.enabled, renewalQuantity },
          creationDate: s.creationDate,
          // every subscription renews on the customer's anniversary date
          renewalDate: s.status === '1000' ? customer.cotermDate : s.renewalDate,
          status: s.status,
        };
      });
      return { totalCount: items.length, items };
    });
  });

  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  return { url, close: () => app.close() };
};
