/**
 * A software passkey (WebAuthn authenticator, ES256) for the server suites: it answers the
 * portal's registration and authentication options as a browser and a platform authenticator
 * would, so @simplewebauthn/server checks real signatures, counters, origins and flags.
 * Chromium's virtual authenticator proves the browser side in e2e/tests/mfa.spec.ts.
 */
import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from 'node:crypto';

const b64url = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');
const sha256 = (bytes: Uint8Array | string) => createHash('sha256').update(bytes).digest();

/** CBOR (RFC 8949) of the few shapes WebAuthn needs: small ints, byte and text strings, maps. */
const head = (major: number, length: number) => {
  if (length < 24) return Buffer.from([(major << 5) | length]);
  if (length < 256) return Buffer.from([(major << 5) | 24, length]);
  return Buffer.from([(major << 5) | 25, length >> 8, length & 0xff]);
};
type Cbor = number | string | Uint8Array | Map<Cbor, Cbor>;
const cbor = (value: Cbor): Buffer => {
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === 'string') {
    const text = Buffer.from(value, 'utf8');
    return Buffer.concat([head(3, text.length), text]);
  }
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), value]);
  return Buffer.concat([
    head(5, value.size),
    ...[...value].flatMap(([key, entry]) => [cbor(key), cbor(entry)]),
  ]);
};

/** Authenticator data flags (WebAuthn §6.1). */
const USER_PRESENT = 0x01;
const USER_VERIFIED = 0x04;
const ATTESTED_CREDENTIAL = 0x40;

type Options = { challenge: string; user?: { id: string }; rpId?: string; rp?: { id: string } };

export const softAuthenticator = (origin: string) => {
  const rpId = new URL(origin).hostname;
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const credentialId = randomBytes(32);
  let counter = 0;
  let userHandle = '';

  const authenticatorData = (flags: number, attested?: Buffer) => {
    const count = Buffer.alloc(4);
    count.writeUInt32BE(counter);
    return Buffer.concat([sha256(rpId), Buffer.from([flags]), count, attested ?? Buffer.alloc(0)]);
  };
  const clientData = (type: string, challenge: string, from = origin) =>
    Buffer.from(JSON.stringify({ type, challenge, origin: from, crossOrigin: false }));

  const coseKey = () => {
    const jwk = publicKey.export({ format: 'jwk' });
    return cbor(
      new Map<Cbor, Cbor>([
        [1, 2], // kty: EC2
        [3, -7], // alg: ES256
        [-1, 1], // crv: P-256
        [-2, Buffer.from(jwk.x!, 'base64url')],
        [-3, Buffer.from(jwk.y!, 'base64url')],
      ]),
    );
  };

  return {
    credentialId: b64url(credentialId),
    /** Sets the signature counter, as a cloned authenticator would show an old one. */
    setCounter: (value: number) => {
      counter = value;
    },

    /** The answer to registration options: attestation 'none', a discoverable ES256 credential. */
    register: (options: Options) => {
      userHandle = options.user?.id ?? '';
      const idLength = Buffer.alloc(2);
      idLength.writeUInt16BE(credentialId.length);
      const attested = Buffer.concat([Buffer.alloc(16), idLength, credentialId, coseKey()]);
      const authData = authenticatorData(
        USER_PRESENT | USER_VERIFIED | ATTESTED_CREDENTIAL,
        attested,
      );
      const attestationObject = cbor(
        new Map<Cbor, Cbor>([
          ['fmt', 'none'],
          ['attStmt', new Map()],
          ['authData', authData],
        ]),
      );
      return {
        id: b64url(credentialId),
        rawId: b64url(credentialId),
        type: 'public-key' as const,
        clientExtensionResults: {},
        response: {
          clientDataJSON: b64url(clientData('webauthn.create', options.challenge)),
          attestationObject: b64url(attestationObject),
          transports: ['internal'],
        },
      };
    },

    /** The answer to authentication options, signed by this credential (or `signer`). */
    assert: (
      options: Options,
      {
        verified = true,
        from = origin,
        signer = privateKey,
      }: { verified?: boolean; from?: string; signer?: KeyObject } = {},
    ) => {
      counter += 1;
      const authData = authenticatorData(USER_PRESENT | (verified ? USER_VERIFIED : 0));
      const clientDataJSON = clientData('webauthn.get', options.challenge, from);
      const signature = sign('sha256', Buffer.concat([authData, sha256(clientDataJSON)]), signer);
      return {
        id: b64url(credentialId),
        rawId: b64url(credentialId),
        type: 'public-key' as const,
        clientExtensionResults: {},
        response: {
          clientDataJSON: b64url(clientDataJSON),
          authenticatorData: b64url(authData),
          signature: b64url(signature),
          userHandle,
        },
      };
    },
  };
};

/** A key that is not the credential's: its signatures must be refused. */
export const strangerKey = () => generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey;
