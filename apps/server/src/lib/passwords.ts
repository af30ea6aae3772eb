import { PASSWORD_MAX, PASSWORD_MIN } from '@esd/shared/auth/auth.schemas';
import { hash, verify } from '@node-rs/argon2';
import { AppError } from './errors';

/** argon2id at OWASP's minimum or above: 19 MiB, 2 iterations, 1 lane. */
// algorithm 2 is Argon2id (a const enum the package declares ambiently)
const options = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export const hashPassword = (password: string): Promise<string> => hash(password, options);

/** Used when the account does not exist, so both answers take the same time. */
let dummyHash: Promise<string> | undefined;

export const verifyPassword = async (
  storedHash: string | null | undefined,
  password: string,
): Promise<boolean> => {
  if (!storedHash) {
    dummyHash ??= hashPassword('not-a-real-password-placeholder');
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  return verify(storedHash, password).catch(() => false);
};

/** Length 8..128; how guessable it is, `assertPasswordStrength` (password-strength.ts) says. */
export const assertStrongPassword = (password: string): void => {
  if (password.length < PASSWORD_MIN || password.length > PASSWORD_MAX) {
    throw new AppError(
      'WEAK_PASSWORD',
      `The password must be ${PASSWORD_MIN} to ${PASSWORD_MAX} characters long.`,
    );
  }
};
