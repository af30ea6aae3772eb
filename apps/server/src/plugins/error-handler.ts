import type { AppErrorCode } from '@esd/shared/api-codes';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import {
  hasZodFastifySchemaValidationErrors,
  isResponseSerializationError,
} from 'fastify-type-provider-zod';
import { localizedErrorMessage } from '../lib/error-language';
import { AppError } from '../lib/errors';
import { pgErrorCode } from '../lib/pg-errors';

const envelope = (code: number, message: string, data: Record<string, unknown>) => ({
  code,
  message,
  data,
});

const errorNameByStatus: Record<number, AppErrorCode> = {
  400: 'VALIDATION_FAILED',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  413: 'INVALID_FILE',
  415: 'INVALID_FILE',
  429: 'RATE_LIMITED',
  503: 'UNAVAILABLE',
};

const isMultipartParseError = (error: Error) =>
  /[/\\]@fastify[/\\]busboy[/\\]/.test(error.stack ?? '');

/** One place maps every failure to the `{ code, message, data }` envelope. */
export const errorHandlerPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    /** The envelope, its message in the request's language (the data stays as it is). */
    const answer = (
      status: number,
      message: string,
      data: { error: AppErrorCode } & Record<string, unknown>,
    ) =>
      reply
        .status(status)
        .send(envelope(status, localizedErrorMessage(request, message, data), data));

    if (error instanceof AppError) {
      // a refusal that says how long to wait says it in the header too (RFC 9110, seconds)
      const wait = error.data.retry_after;
      if (typeof wait === 'number') reply.header('Retry-After', String(wait));
      return answer(error.statusCode, error.message, { error: error.error, ...error.data });
    }
    // only the targets trigger (migration 0009) raises the generic integrity violation
    if (pgErrorCode(error) === '23000') {
      const message = 'After a target is added it cannot be deleted or changed.';
      return answer(409, message, { error: 'TARGET_IMMUTABLE' });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation.map((issue) => ({
        path: `${error.validationContext ?? ''}${issue.instancePath}`,
        message: issue.message,
      }));
      const first = issues[0];
      const message = first ? `Invalid input: ${first.path} ${first.message}` : 'Invalid input';
      return answer(400, message, { error: 'VALIDATION_FAILED', issues });
    }
    // a JSON (or other) body sent to an upload route: @fastify/multipart says 406, but the body's
    // type is what is refused (415, as Fastify answers a type it cannot parse)
    if (error.code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') {
      return answer(415, 'Send the upload as a multipart form.', { error: 'INVALID_FILE' });
    }
    // the multipart parser throws plain errors for a form it cannot read (no boundary, cut off)
    if (error.statusCode === undefined && isMultipartParseError(error)) {
      const message = 'The upload is not a readable multipart form.';
      return answer(400, message, { error: 'VALIDATION_FAILED' });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'response failed its schema');
      return answer(500, 'Internal server error', { error: 'INTERNAL' });
    }
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return answer(500, 'Internal server error', { error: 'INTERNAL' });
    }
    const name = errorNameByStatus[status] ?? 'VALIDATION_FAILED';
    return answer(status, error.message, { error: name });
  });
});

/**
 * Errors the router answers before any hook runs (a malformed percent-encoding, a path
 * parameter over 100 characters): the same envelope instead of Fastify's own body.
 */
export const frameworkErrors = (
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
) => {
  const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 400;
  const message = status === 414 ? 'The address is too long.' : 'The address is not valid.';
  const data = { error: 'VALIDATION_FAILED' } as const;
  reply.status(status).send(envelope(status, localizedErrorMessage(request, message, data), data));
};
