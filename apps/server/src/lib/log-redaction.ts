/**
 * Secrets never reach the log, however a client spells them (issue 18). A logged URL keeps its
 * path and its harmless parameters; a parameter whose name, once decoded (percent-encoding
 * undone, any case, `[]`/`[0]` suffixes dropped), is a secret's, or whose value looks like a
 * JWT, is written as `[redacted]`.
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

const isSecret = (name: string, value: string) =>
  SECRET_NAMES.has(normalizedName(name)) || JWT.test(decoded(value));

/** The URL as it may be logged. */
export const redactUrl = (url: string): string => {
  const start = url.indexOf('?');
  if (start < 0) return url;
  const pairs = url
    .slice(start + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const name = eq < 0 ? pair : pair.slice(0, eq);
      const value = eq < 0 ? '' : pair.slice(eq + 1);
      return isSecret(name, value) ? `${name}=[redacted]` : pair;
    });
  return `${url.slice(0, start)}?${pairs.join('&')}`;
};

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
