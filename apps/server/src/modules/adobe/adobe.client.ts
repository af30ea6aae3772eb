import { randomUUID } from 'node:crypto';
import { type AdobeCustomer, adobeCustomerSchema } from '@esd/shared/adobe/adobe.schemas';
import { z } from 'zod';
import { AppError } from '../../lib/errors';

/** Adobe's error codes the portal explains in its own words. */
const knownErrors: Record<string, string> = {
  '1116': 'Adobe does not know this customer.',
  '2117': 'A three-year commitment needs at least 10 licences.',
  '2119': 'Adobe does not sell this product (unknown offer).',
  '2120': 'Adobe refused the quantity: it must be 1 to 10,000 licences.',
};

const lineItemSchema = z.object({
  extLineItemNumber: z.number(),
  offerId: z.string(),
  quantity: z.number(),
  status: z.string().optional(),
  subscriptionId: z.string().optional(),
  proratedDays: z.number().int(),
  pricing: z.object({
    partnerPrice: z.string(),
    discountedPartnerPrice: z.string(),
    netPartnerPrice: z.string(),
    lineItemPartnerPrice: z.string(),
  }),
});
const orderSchema = z.object({
  orderId: z.string(),
  customerId: z.string(),
  externalReferenceId: z.string().optional(),
  orderType: z.string(),
  status: z.string(),
  lineItems: z.array(lineItemSchema),
});
const subscriptionsSchema = z.object({
  totalCount: z.number(),
  items: z.array(
    z.object({
      subscriptionId: z.string(),
      offerId: z.string(),
      currentQuantity: z.number(),
      renewalQuantity: z.number().optional(),
      autoRenewal: z
        .object({ enabled: z.boolean(), renewalQuantity: z.number().optional() })
        .optional(),
      creationDate: z.string().optional(),
      renewalDate: z.string(),
      status: z.string(),
    }),
  ),
});

export type AdobeClientOptions = {
  apiUrl: string;
  imsUrl: string;
  clientId: string;
  clientSecret: string;
  apiKey: string;
  resellerId: string;
  timeoutMs?: number;
};

export type NewCustomer = {
  externalReferenceId: string;
  companyProfile: AdobeCustomer['companyProfile'];
};

export type OrderLine = { offerId: string; quantity: number };

/**
 * The VIP Marketplace partner API: an IMS client-credentials token (cached until shortly before
 * it expires), then JSON calls with X-Api-Key, Authorization and X-Correlation-Id. Network
 * failures become ADOBE_UNAVAILABLE, Adobe's refusals ADOBE_REJECTED with a clear message.
 */
export const createAdobeClient = (options: AdobeClientOptions) => {
  const timeoutMs = options.timeoutMs ?? 15_000;
  let token: { value: string; until: number } | undefined;

  const fetchJson = async (url: string, init: RequestInit) => {
    let response: Response;
    try {
      response = await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
    } catch {
      throw new AppError(
        'ADOBE_UNAVAILABLE',
        'Adobe does not answer right now; try again shortly.',
      );
    }
    const text = await response.text();
    let body: unknown = null;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      throw new AppError(
        'ADOBE_UNAVAILABLE',
        'Adobe answered something unreadable; try again shortly.',
      );
    }
    return { response, body };
  };

  const accessToken = async () => {
    if (token && token.until > Date.now()) return token.value;
    const { response, body } = await fetchJson(`${options.imsUrl}/ims/token/v3`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'client_credentials',
        client_id: options.clientId,
        client_secret: options.clientSecret,
        scope: 'openid,AdobeID,read_organizations',
      }).toString(),
    });
    const parsed = z.object({ access_token: z.string(), expires_in: z.number() }).safeParse(body);
    if (!response.ok || !parsed.success) {
      throw new AppError(
        'ADOBE_UNAVAILABLE',
        'The portal could not sign in to Adobe; check its credentials.',
      );
    }
    token = {
      value: parsed.data.access_token,
      until: Date.now() + (parsed.data.expires_in - 60) * 1000,
    };
    return token.value;
  };

  const call = async <T>(
    method: 'GET' | 'POST',
    path: string,
    schema: z.ZodType<T>,
    body?: unknown,
  ) => {
    const { response, body: answer } = await fetchJson(`${options.apiUrl}${path}`, {
      method,
      headers: {
        'x-api-key': options.apiKey,
        authorization: `Bearer ${await accessToken()}`,
        'x-correlation-id': randomUUID(),
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    if (response.status === 401) token = undefined;
    if (!response.ok) {
      const error = z.object({ code: z.string(), message: z.string() }).safeParse(answer);
      if (response.status >= 500 || !error.success) {
        throw new AppError(
          'ADOBE_UNAVAILABLE',
          'Adobe could not take the request; try again shortly.',
        );
      }
      throw new AppError(
        'ADOBE_REJECTED',
        knownErrors[error.data.code] ?? `Adobe refused the request: ${error.data.message}`,
        { adobe_code: error.data.code },
      );
    }
    const parsed = schema.safeParse(answer);
    if (!parsed.success)
      throw new AppError('ADOBE_UNAVAILABLE', 'Adobe answered in an unexpected shape.');
    return parsed.data;
  };

  const order = (
    customerId: string,
    orderType: 'PREVIEW' | 'NEW',
    lines: OrderLine[],
    threeYear: boolean,
    externalReferenceId?: string,
  ) =>
    call('POST', `/v3/customers/${encodeURIComponent(customerId)}/orders`, orderSchema, {
      orderType,
      externalReferenceId: externalReferenceId ?? randomUUID(),
      currencyCode: 'USD',
      ...(threeYear ? { benefits: [{ type: 'THREE_YEAR_COMMIT' }] } : {}),
      lineItems: lines.map((line, index) => ({ extLineItemNumber: index + 1, ...line })),
    });

  return {
    createCustomer: (customer: NewCustomer) =>
      call('POST', '/v3/customers', adobeCustomerSchema, {
        resellerId: options.resellerId,
        ...customer,
      }),
    getCustomer: (customerId: string) =>
      call('GET', `/v3/customers/${encodeURIComponent(customerId)}`, adobeCustomerSchema),
    previewOrder: (customerId: string, lines: OrderLine[], threeYear: boolean) =>
      order(customerId, 'PREVIEW', lines, threeYear),
    /** Places an order; the same externalReferenceId never places a second one at Adobe. */
    placeOrder: (
      customerId: string,
      externalReferenceId: string,
      lines: OrderLine[],
      threeYear: boolean,
    ) => order(customerId, 'NEW', lines, threeYear, externalReferenceId),
    getOrder: (customerId: string, orderId: string) =>
      call(
        'GET',
        `/v3/customers/${encodeURIComponent(customerId)}/orders/${encodeURIComponent(orderId)}`,
        orderSchema,
      ),
    /** "Get all subscriptions for a customer": offer, quantities, auto-renewal, renewal date, status. */
    listSubscriptions: (customerId: string) =>
      call(
        'GET',
        `/v3/customers/${encodeURIComponent(customerId)}/subscriptions`,
        subscriptionsSchema,
      ),
  };
};

export type AdobeClient = ReturnType<typeof createAdobeClient>;
