import type { TFunction } from 'i18next';
import type { ApiError } from './api-error';
import { getErrorMessage } from './notify';

type WeakPasswordData = { reason?: string; warning?: string | null; suggestions?: string[] };

/**
 * Why the server refused a new password, in the reader's language: zxcvbn's warning and
 * suggestion names, which the server sends as keys, become `validation.passwordStrength.*`
 * sentences. A refusal of another kind (the length) keeps the server's message.
 */
export const weakPasswordMessage = (error: ApiError, t: TFunction) => {
  const data = (error.data ?? {}) as WeakPasswordData;
  if (data.reason !== 'guessable') return getErrorMessage(error);
  // the keys come from the server: looked up as plain strings, an unknown one is left out
  const say = t as unknown as (key: string) => string;
  const known = (group: 'warnings' | 'suggestions', key: string | null | undefined) => {
    const id = `validation.passwordStrength.${group}.${key}`;
    return key && say(id) !== id ? say(id) : undefined;
  };
  return [
    say('validation.passwordStrength.tooGuessable'),
    known('warnings', data.warning),
    ...(data.suggestions ?? []).map((key) => known('suggestions', key)),
  ]
    .filter(Boolean)
    .join(' ');
};
