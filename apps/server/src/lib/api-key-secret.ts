import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { API_KEY_MARK, API_KEY_PREFIX_LENGTH } from '@esd/shared/api-keys/api-keys.schemas';

// lower-case letters and digits without the look-alikes (0/o, 1/l): a prefix read off a screen
const PREFIX_ALPHABET = 'abcdefghijkmnpqrstuvwxyz23456789';
const SECRET_BYTES = 32;
/** `esd_xxxxxxxx_` + 43 base64url characters (32 bytes) */
const KEY_PATTERN = new RegExp(`^(${API_KEY_MARK}[a-z2-9]{8})_([A-Za-z0-9_-]{43})$`);

const hashSecret = (secret: string) => createHash('sha256').update(secret).digest('hex');

/** A bearer credential that claims to be an API key (a JWT never starts so). */
export const looksLikeApiKey = (token: string) => token.startsWith(API_KEY_MARK);

/** A new key: its prefix (stored, shown), the hash of its secret (stored) and the whole key (shown once). */
export const generateApiKey = () => {
  let prefix = API_KEY_MARK;
  while (prefix.length < API_KEY_PREFIX_LENGTH) {
    prefix += PREFIX_ALPHABET[randomInt(PREFIX_ALPHABET.length)];
  }
  const secret = randomBytes(SECRET_BYTES).toString('base64url');
  return { prefix, secretHash: hashSecret(secret), key: `${prefix}_${secret}` };
};

/** The prefix and secret of a well-formed key; null for anything else. */
export const parseApiKey = (key: string) => {
  const match = KEY_PATTERN.exec(key);
  return match ? { prefix: match[1]!, secret: match[2]! } : null;
};

/** Whether the secret hashes to the stored hash, compared in constant time. */
export const secretMatches = (secret: string, storedHash: string) => {
  const given = Buffer.from(hashSecret(secret), 'hex');
  const stored = Buffer.from(storedHash, 'hex');
  return given.length === stored.length && timingSafeEqual(given, stored);
};
