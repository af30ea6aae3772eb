import type { AppErrorCode } from '@esd/shared/api-codes';
import { errorMessageIn } from '@esd/shared/errors/error-messages';
import type { FastifyRequest } from 'fastify';
import { requestLanguage } from './language';

/**
 * The message of a failed answer in the request's language (spec 8: the web shows it). English
 * keeps the server's own message, which names the record or the rule; Russian and Azerbaijani
 * take the code's words from the shared catalogue, filled from the answer's data (the English
 * message stays when the data lacks a field those words name).
 */
export const localizedErrorMessage = (
  request: FastifyRequest,
  english: string,
  data: { error: AppErrorCode } & Record<string, unknown>,
): string => {
  const lang = requestLanguage(request);
  if (lang === 'en') return english;
  return errorMessageIn(data.error, lang, data) ?? english;
};
