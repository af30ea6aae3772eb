import type { AppErrorCode } from '@esd/shared/api-codes';
import { errorMessageIn } from '@esd/shared/errors/error-messages';
import type { FastifyRequest } from 'fastify';
import { headerLanguage } from './language';

/**
 * The message of a failed answer in the language the request asks for with Accept-Language
 * (spec 8: the web shows it, and always names its language). English keeps the server's own
 * message, which names the record or the rule; Russian and Azerbaijani take the code's words
 * from the shared catalogue, filled from the answer's data (the English message stays when the
 * data lacks a field those words name). A call that names no language gets the English message,
 * whatever its user reads: the messages the spec writes out are a contract other clients keep to.
 */
export const localizedErrorMessage = (
  request: FastifyRequest,
  english: string,
  data: { error: AppErrorCode } & Record<string, unknown>,
): string => {
  const lang = headerLanguage(request) ?? 'en';
  if (lang === 'en') return english;
  return errorMessageIn(data.error, lang, data) ?? english;
};
