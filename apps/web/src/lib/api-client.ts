import { type AnswerEnvelope, ApiError, apiErrorFromEnvelope } from './api-error';
import { xhrFetch } from './xhr-fetch';

export const API_BASE = '/api';

type ApiClientHooks = {
  getToken: () => string | null;
  getLanguage: () => string;
  /** decides whether a 401 ends the session (it does only when someone is signed in) */
  shouldLogoutOnUnauthorized: () => boolean;
  onUnauthorized: () => void;
};

let hooks: ApiClientHooks = {
  getToken: () => null,
  getLanguage: () => 'en',
  shouldLogoutOnUnauthorized: () => false,
  onUnauthorized: () => {},
};

/** Wired once at start-up by the app, so this module stays free of app and UI imports. */
export const configureApiClient = (next: ApiClientHooks) => {
  hooks = next;
};

export type ApiRequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Record<string, string | number | boolean | undefined>;
  /** a plain object is sent as JSON, FormData as multipart */
  body?: unknown;
  signal?: AbortSignal;
  /** 'ignore' for calls whose 401 must not end the session (token refresh, spec 8) */
  onUnauthorized?: 'logout' | 'ignore';
  /** for file uploads that show their progress (0..1) */
  onUploadProgress?: (fraction: number) => void;
  /** extra request headers (for example `Idempotency-Key`) */
  headers?: Record<string, string>;
};

const buildUrl = (path: string, query: ApiRequestOptions['query']) => {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined) params.set(key, String(value));
  }
  const search = params.toString();
  return `${API_BASE}${path}${search ? `?${search}` : ''}`;
};

const readEnvelope = async (response: Response): Promise<AnswerEnvelope> => {
  try {
    const body: unknown = await response.json();
    if (body && typeof body === 'object') return body as AnswerEnvelope;
  } catch {
    // not JSON (a proxy error page, for example): described by the status below
  }
  return {};
};

/** Accept-Language and the bearer token, as every call to the API sends them. */
const authorizedHeaders = () => {
  const headers = new Headers({ 'Accept-Language': hooks.getLanguage() });
  const token = hooks.getToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  return headers;
};

type UnauthorizedPolicy = NonNullable<ApiRequestOptions['onUnauthorized']>;

/** A failed answer as ApiError; a 401 ends the session when someone is signed in. */
const failedAnswer = async (response: Response, onUnauthorized: UnauthorizedPolicy) => {
  const error = apiErrorFromEnvelope(response, await readEnvelope(response));
  if (
    response.status === 401 &&
    onUnauthorized === 'logout' &&
    hooks.shouldLogoutOnUnauthorized()
  ) {
    hooks.onUnauthorized();
  }
  return error;
};

/**
 * The one way the web app calls the API: `{ code, message, data }`, HTTP status == code.
 * `T` is the type of `data`, inferred from the shared zod schema that the server checks every
 * answer against before sending it (its response schema); the browser does not parse it again,
 * so zod and the schemas stay out of the JavaScript every page loads first.
 */
export const apiRequest = async <T>(path: string, options: ApiRequestOptions = {}): Promise<T> => {
  const { method = 'GET', query, body, signal, onUnauthorized = 'logout' } = options;
  const { onUploadProgress } = options;
  const headers = authorizedHeaders();
  headers.set('Accept', 'application/json');
  for (const [name, value] of Object.entries(options.headers ?? {})) headers.set(name, value);

  let payload: BodyInit | undefined;
  if (body instanceof FormData) payload = body;
  else if (body !== undefined) {
    headers.set('Content-Type', 'application/json');
    payload = JSON.stringify(body);
  }

  let response: Response;
  try {
    const url = buildUrl(path, query);
    response = onUploadProgress
      ? await xhrFetch(url, { method, headers, body: payload, signal, onUploadProgress })
      : await fetch(url, { method, headers, body: payload, signal });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError({ status: 0, message: 'Network error' });
  }

  if (!response.ok) throw await failedAnswer(response, onUnauthorized);

  const envelope = await readEnvelope(response);
  // not an envelope (an HTML page of a proxy, say): the page cannot use it
  if (typeof envelope.code !== 'number') {
    throw new ApiError({ status: response.status, message: 'Unexpected answer from the server' });
  }
  return envelope.data as T;
};

/**
 * GET a file, not an envelope: sent with the same language and bearer token as `apiRequest`
 * (never `?token=` in a URL a browser would log) and answered as the raw Response when it
 * succeeds; a failure throws the same ApiError, and a 401 ends the session the same way.
 */
export const apiFetchFile = async (
  path: string,
  options: Pick<ApiRequestOptions, 'query' | 'signal'> = {},
): Promise<Response> => {
  const { query, signal } = options;
  let response: Response;
  try {
    response = await fetch(buildUrl(path, query), { headers: authorizedHeaders(), signal });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError({ status: 0, message: 'Network error' });
  }
  if (!response.ok) throw await failedAnswer(response, 'logout');
  return response;
};

/**
 * A record's JSON body, or, with a picture, a form holding the same JSON in `data` and the
 * picture in `file`: the server stores the two together or neither, so a refused picture
 * leaves no record behind for a retry to duplicate.
 */
export const bodyWithPicture = (input: object, picture?: File | null): object | FormData => {
  if (!picture) return input;
  const form = new FormData();
  form.set('data', JSON.stringify(input));
  form.set('file', picture);
  return form;
};
