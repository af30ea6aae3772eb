import type { Role } from '@esd/shared/access/access.rules';
import type { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { AppError } from './errors';

/**
 * Password strength from zxcvbn (issue 32: a hand-written list of 117 common passwords was the
 * whole check). Scores run 0 (too guessable) to 4 (very unguessable); each role has a minimum
 * (settings PASSWORD_MIN_SCORE, PASSWORD_MIN_SCORE_ADMIN). The account's own name and e-mail
 * count as guessable words. The dictionaries (a few MB) load once, on the first check, so a
 * process that never sets a password never holds them.
 */

/** zxcvbn's warning and suggestion names: feedback comes back as these keys, not as English. */
const WARNINGS = [
  'straightRow',
  'keyPattern',
  'simpleRepeat',
  'extendedRepeat',
  'sequences',
  'recentYears',
  'dates',
  'topTen',
  'topHundred',
  'common',
  'similarToCommon',
  'wordByItself',
  'namesByThemselves',
  'commonNames',
  'userInputs',
  'pwned',
] as const;
const SUGGESTIONS = [
  'l33t',
  'reverseWords',
  'allUppercase',
  'capitalization',
  'dates',
  'recentYears',
  'associatedYears',
  'sequences',
  'repeated',
  'longerKeyboardPattern',
  'anotherWord',
  'useWords',
  'noNeed',
  'pwned',
] as const;

const keysOf = (names: readonly string[]) => Object.fromEntries(names.map((name) => [name, name]));

let factory: Promise<ZxcvbnFactory> | undefined;

const loadFactory = async () => {
  const [{ ZxcvbnFactory: Factory }, common, english] = await Promise.all([
    import('@zxcvbn-ts/core'),
    import('@zxcvbn-ts/language-common'),
    import('@zxcvbn-ts/language-en'),
  ]);
  return new Factory({
    dictionary: { ...common.dictionary, ...english.dictionary },
    graphs: common.adjacencyGraphs,
    translations: {
      warnings: keysOf(WARNINGS),
      suggestions: keysOf(SUGGESTIONS),
      timeEstimation: english.translations.timeEstimation,
    } as typeof english.translations,
    // a check stays within a few tens of milliseconds whatever is typed: past 64 characters a
    // password is long enough, and l33t variants of a long repeat multiply without a cap
    // ('Aa1!' × 32 took 8 s with the defaults)
    maxLength: 64,
    l33tMaxSubstitutions: 8,
  });
};

const strengthChecker = () => {
  factory ??= loadFactory();
  return factory;
};

export type PasswordStrengthPolicy = { minScore: number; minScoreAdmin: number };

const isAdmin = (role: Role) => role === 'gd' || role === 'ld';

/** The words of an account a guesser tries first: its name's parts and its e-mail's. */
const userInputsOf = (account: { name: string; email: string }) => {
  const email = account.email.toLowerCase();
  const [local = '', domain = ''] = email.split('@');
  return [
    account.name,
    ...account.name.split(/[\s.,_-]+/),
    email,
    local,
    ...local.split(/[._+-]+/),
    domain.split('.')[0] ?? '',
  ].filter((word) => word.length >= 3);
};

/** The score of a password for an account, with zxcvbn's warning and suggestions as keys. */
export const measurePassword = async (
  password: string,
  account: { name: string; email: string },
) => {
  const result = (await strengthChecker()).check(password, userInputsOf(account));
  return {
    score: result.score,
    warning: result.feedback.warning ?? null,
    suggestions: result.feedback.suggestions,
  };
};

/**
 * Refuses a password below the account's role's minimum score with WEAK_PASSWORD, its data
 * naming the reason (`reason: 'guessable'`, zxcvbn's `warning` and `suggestions` keys, the
 * `score` and `min_score`) for the web forms to say in the reader's language.
 */
export const assertPasswordStrength = async (
  password: string,
  account: { name: string; email: string; role: Role },
  policy: PasswordStrengthPolicy,
) => {
  const minScore = isAdmin(account.role) ? policy.minScoreAdmin : policy.minScore;
  const { score, warning, suggestions } = await measurePassword(password, account);
  if (score >= minScore) return;
  throw new AppError(
    'WEAK_PASSWORD',
    'This password is too easy to guess; choose a longer one, such as a few unrelated words.',
    { reason: 'guessable', warning, suggestions, score, min_score: minScore },
  );
};
