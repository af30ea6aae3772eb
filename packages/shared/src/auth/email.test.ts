import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { loginInputSchema } from './auth.schemas';
import { EMAIL_PATTERN, isEmail, normaliseEmail } from './email';

const schemaEmail = loginInputSchema.shape.email;
const accepts = (value: string) => schemaEmail.safeParse(value).success;

describe('the e-mail rule without zod', () => {
  it('is the pattern of the zod version installed', () => {
    // the same text, but for escapes of '-' at the end of a class, which change nothing
    const plain = (pattern: RegExp) => pattern.source.replaceAll('\\-', '-');
    expect(plain(EMAIL_PATTERN)).toBe(plain(z.regexes.email));
  });

  it('accepts and rejects what the login schema does', () => {
    const examples = [
      'dealer@example.com',
      '  Dealer@Example.COM ',
      "o'neil+tag@mail.example.az",
      'a@b.c',
      'no-at-sign',
      'two@@example.com',
      '.dot@example.com',
      'dot.@example.com',
      `${'a'.repeat(250)}@example.com`,
      '',
    ];
    for (const value of examples) expect(isEmail(value), value).toBe(accepts(value));
  });

  it('agrees with the schema on generated addresses and strings', () => {
    const address = fc.oneof(
      fc.emailAddress(),
      fc.emailAddress().map((e) => ` ${e.toUpperCase()} `),
      fc.string(),
      fc.string({ unit: fc.constantFrom('a', 'Z', '.', '@', '-', '_', "'", '+', ' ', '1') }),
    );
    fc.assert(
      fc.property(address, (value) => {
        expect(isEmail(value)).toBe(accepts(value));
        if (accepts(value)) expect(normaliseEmail(value)).toBe(schemaEmail.parse(value));
      }),
      { numRuns: 2000 },
    );
  });
});
