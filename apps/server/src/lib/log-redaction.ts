/**
 * Secrets never reach the log, however a client spells them (issues 18 and 32). A logged URL
 * keeps its harmless path segments and parameters; a parameter whose name, once decoded
 * (percent-encoding undone, any case, `[]`/`[0]` suffixes dropped), is a secret's, or a path
 * segment or parameter value that looks like a token, is written as `[redacted]`.
 */

const SECRET_NAMES = new Set([
  'token',
  'id_token',
  'access_token',
  'refresh_token',
  'password',
  'current_password',
  'new_password',
  'code',
  'secret',
  'client_secret',
]);

/** header.payload.signature, each base64url: the shape of every JWT, whatever its name. */
const JWT = /eyJ[\w-]*\.[\w-]+\.[\w-]*/;

/** Undoes percent-encoding (twice-encoded too) and `+`; undecodable text stays as it is. */
const decoded = (text: string) => {
  let current = text.replace(/\+/g, ' ');
  for (let round = 0; round < 3; round++) {
    let next: string;
    try {
      next = decodeURIComponent(current);
    } catch {
      return current;
    }
    if (next === current) return current;
    current = next;
  }
  return current;
};

/** `Token[]`, `%74oken`, ` TOKEN ` → `token`. */
const normalizedName = (raw: string) =>
  decoded(raw)
    .trim()
    .toLowerCase()
    .replace(/\[[^\]]*\]$/, '');

/**
 * A run of base64 or base64url characters long enough to be a random secret and mixing upper
 * case, lower case and digits (a reset link's 43 characters, an API key), or a long run of
 * letters and digits alone (a hex secret of 40 or more). Words, slugs, numbers, dates, UUIDs and
 * 32-digit trace ids do not look like one.
 */
const SECRET_RUN = /[A-Za-z0-9+/=_-]{20,}/g;
const LONG_ALNUM = /[A-Za-z0-9]{40,}/;

const isTokenRun = (run: string) =>
  LONG_ALNUM.test(run) || (/[A-Z]/.test(run) && /[a-z]/.test(run) && /[0-9]/.test(run));

/** Whether a piece of text (a path segment, a value, a header) looks like a token. */
export const looksLikeToken = (text: string): boolean => {
  const plain = decoded(text);
  if (JWT.test(plain)) return true;
  return (plain.match(SECRET_RUN) ?? []).some(isTokenRun);
};

const isSecret = (name: string, value: string) =>
  SECRET_NAMES.has(normalizedName(name)) || looksLikeToken(value);

const redactPath = (path: string) =>
  path
    .split('/')
    .map((segment) => (looksLikeToken(segment) ? '[redacted]' : segment))
    .join('/');

/** The URL as it may be logged. */
export const redactUrl = (url: string): string => {
  const start = url.indexOf('?');
  if (start < 0) return redactPath(url);
  const pairs = url
    .slice(start + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const name = eq < 0 ? pair : pair.slice(0, eq);
      const value = eq < 0 ? '' : pair.slice(eq + 1);
      return isSecret(name, value) ? `${name}=[redacted]` : pair;
    });
  return `${redactPath(url.slice(0, start))}?${pairs.join('&')}`;
};

/** A client's `X-Request-Id` worth keeping: short, plain characters, nothing like a token. */
const SAFE_REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

export const isSafeRequestId = (value: unknown): value is string =>
  typeof value === 'string' && SAFE_REQUEST_ID.test(value) && !looksLikeToken(value);

/**
 * The spec's `?token=`, read in its exact name only: once, spelled `token` (no percent-encoding,
 * no other case, no brackets). Any other spelling is ignored, not accepted.
 */
export const exactQueryToken = (url: string): string | undefined => {
  const start = url.indexOf('?');
  if (start < 0) return undefined;
  const values = url
    .slice(start + 1)
    .split('&')
    .filter((pair) => pair.startsWith('token='))
    .map((pair) => pair.slice('token='.length));
  if (values.length !== 1 || !values[0]) return undefined;
  try {
    return decodeURIComponent(values[0]);
  } catch {
    return undefined;
  }
};
