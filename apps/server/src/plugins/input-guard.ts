import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/errors';

const NUL = '\u0000';

/** The path of the first text (value or key) holding U+0000, or nothing. */
const findNul = (value: unknown, path: string, depth = 0): string | undefined => {
  if (typeof value === 'string') return value.includes(NUL) ? path : undefined;
  if (typeof value !== 'object' || value === null || depth > 64) return undefined;
  for (const [key, inner] of Object.entries(value)) {
    if (key.includes(NUL)) return path;
    const found = findNul(inner, `${path}/${key}`, depth + 1);
    if (found) return found;
  }
  return undefined;
};

/**
 * PostgreSQL text cannot hold U+0000: a NUL byte anywhere in params, query or body is refused
 * with 400 before validation, instead of failing a query (a 500) halfway through a request.
 */
export const inputGuardPlugin = fp(
  async (app: FastifyInstance) => {
    // a callback hook: no promise per request
    app.addHook('preValidation', (request, _reply, done) => {
      const path =
        findNul(request.params, 'params') ??
        findNul(request.query, 'querystring') ??
        findNul(request.body, 'body');
      if (!path) return done();
      const message = 'must not contain NUL characters';
      done(
        new AppError('VALIDATION_FAILED', `Invalid input: ${path} ${message}`, {
          issues: [{ path, message }],
        }),
      );
    });
  },
  { name: 'input-guard' },
);
