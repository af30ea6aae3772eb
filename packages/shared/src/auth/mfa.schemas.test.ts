import { describe, expect, it } from 'vitest';
import { authenticationResponseSchema } from './mfa.schemas';

/** base64url of `bytes` random-looking bytes, as the browser library encodes them */
const b64url = (bytes: number) => Buffer.alloc(bytes, 0xa7).toString('base64url');

const assertion = (signatureBytes: number) => ({
  id: b64url(32),
  rawId: b64url(32),
  type: 'public-key',
  clientExtensionResults: {},
  response: {
    clientDataJSON: b64url(200),
    authenticatorData: b64url(37),
    signature: b64url(signatureBytes),
    userHandle: b64url(12),
  },
});

describe('authenticationResponseSchema', () => {
  // signature sizes of the algorithms a browser may answer with (COSE ids)
  it.each([
    ['ES256 (-7)', 72],
    ['RS256 (-257), 4096-bit key', 512],
    ['ML-DSA-44 (-48)', 2420],
    ['ML-DSA-65 (-49)', 3309],
    ['ML-DSA-87 (-50)', 4627],
  ])('takes a signature of %s', (_name, bytes) => {
    expect(authenticationResponseSchema.safeParse(assertion(bytes)).success).toBe(true);
  });

  it('refuses a signature longer than any algorithm makes', () => {
    const parsed = authenticationResponseSchema.safeParse(assertion(8000));
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.path).toEqual(['response', 'signature']);
  });
});
