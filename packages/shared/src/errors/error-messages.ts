import { type AppErrorCode, type AppErrorReason, appErrorReasons } from '../api-codes';
import type { Language } from '../constants';
import { messages as az, reasons as azReasons } from './messages-az';
import { messages as en, reasons as enReasons } from './messages-en';
import { messages as ru, reasons as ruReasons } from './messages-ru';

/**
 * The words of every error code in every language: the one source of them. The server answers
 * a failure in the request's language with them (its English answers keep their own, more
 * exact, messages); the web app loads only its language's file (as `errors.<CODE>`) for an
 * answer that carried no message.
 */
export const errorMessages: Record<Language, Record<AppErrorCode, string>> = { en, ru, az };

/** The words of a refusal that names its `data.reason` (`appErrorReasons`), per language. */
export const reasonMessages: Record<Language, Record<AppErrorReason, string>> = {
  en: enReasons,
  ru: ruReasons,
  az: azReasons,
};

const isReason = (value: unknown): value is AppErrorReason =>
  typeof value === 'string' && (appErrorReasons as readonly string[]).includes(value);

const placeholder = /\{\{\s*(\w+)\s*\}\}/g;

/** The `{{field}}` names a text takes from the answer's data. */
export const placeholdersOf = (text: string): string[] =>
  [...text.matchAll(placeholder)].map((match) => match[1] ?? '');

/**
 * An error code's words in a language (or its reason's, when the data names one), with `{{field}}` filled from the answer's data;
 * undefined when the data lacks a text or number for one of its fields.
 */
export const errorMessageIn = (
  code: AppErrorCode,
  lang: Language,
  data: Record<string, unknown> = {},
): string | undefined => {
  let missing = false;
  const words = isReason(data.reason)
    ? reasonMessages[lang][data.reason]
    : errorMessages[lang][code];
  const text = words.replace(placeholder, (_, name: string) => {
    const value = data[name];
    if (typeof value === 'string' || typeof value === 'number') return String(value);
    missing = true;
    return '';
  });
  return missing ? undefined : text;
};
