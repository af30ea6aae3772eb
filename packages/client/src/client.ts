/**
 * A typed client of the ESD portal's API for dealers (issue 34): `openapi-fetch` over the types
 * `openapi-typescript` generates from the portal's OpenAPI document (`schema.d.ts`, committed;
 * `npm run lint` fails while it differs from the document). Every path, parameter, body and
 * answer is typed, and so is every refusal: the `{ code, message, data }` envelope, with
 * `data.error` one of the documented names.
 *
 * ```ts
 * const esd = createEsdClient({ baseUrl: 'https://portal.example', apiKey: process.env.ESD_API_KEY! });
 * const { data, error } = await esd.GET('/api/products', { params: { query: { page: 1 } } });
 * if (error) console.error(error.code, error.data.error, error.message);
 * ```
 */
import createClient, { type Client, type ClientOptions } from 'openapi-fetch';
import type { components, paths } from './schema';

export type { components, operations, paths } from './schema';

/** Every refusal of the API: `code` is the HTTP status, `data.error` names it. */
export type EsdErrorEnvelope = components['schemas']['ErrorEnvelope'];
/** The names `data.error` carries (`packages/shared/src/api-codes.ts`). */
export type EsdErrorName = EsdErrorEnvelope['data']['error'];

/** The languages of `message` (and of generated documents): English unless told. */
export type EsdLanguage = 'en' | 'ru' | 'az';

export type EsdClient = Client<paths>;

export type EsdClientOptions = {
  /** the portal's address, e.g. `https://portal.example` (no `/api`) */
  baseUrl: string;
  /** a dealer's API key (`esd_…`), made in Settings → API keys; sent as a bearer token */
  apiKey: string;
  /** the language of error messages: `Accept-Language` on every request */
  language?: EsdLanguage;
  /** another `fetch` (a proxy, a test's), as openapi-fetch takes it */
  fetch?: ClientOptions['fetch'];
};

/** A client whose every request carries the key and the language. */
export const createEsdClient = ({
  baseUrl,
  apiKey,
  language,
  fetch,
}: EsdClientOptions): EsdClient =>
  createClient<paths>({
    baseUrl: baseUrl.replace(/\/+$/, ''),
    headers: {
      Authorization: `Bearer ${apiKey}`,
      ...(language ? { 'Accept-Language': language } : {}),
    },
    ...(fetch ? { fetch } : {}),
  });

/** A refused request, thrown by `orThrow`: its status and the envelope as answered. */
export class EsdApiError extends Error {
  readonly status: number;
  readonly envelope: EsdErrorEnvelope;

  constructor(status: number, envelope: EsdErrorEnvelope) {
    super(`${status} ${envelope.data.error}: ${envelope.message}`);
    this.name = 'EsdApiError';
    this.status = status;
    this.envelope = envelope;
  }

  /** the documented name of the refusal (`PRICE_CHANGED`, `RATE_LIMITED`, …) */
  get errorName(): EsdErrorName {
    return this.envelope.data.error;
  }
}

/**
 * The data of a successful answer, or an `EsdApiError` thrown with the envelope: for code that
 * would rather throw than check `error` after each call.
 */
export const orThrow = async <
  Answer extends { data?: unknown; error?: EsdErrorEnvelope; response: Response },
>(
  call: Promise<Answer>,
): Promise<NonNullable<Answer['data']>> => {
  const { data, error, response } = await call;
  if (error !== undefined) throw new EsdApiError(response.status, error);
  return data as NonNullable<Answer['data']>;
};
