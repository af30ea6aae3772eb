// The e-mail rule of the shared schemas without zod, for the sign-in form: the web app's first
// JavaScript stays free of zod. email.test.ts proves it accepts exactly what the schemas accept.

export const EMAIL_MAX = 254;

/** zod 4's `z.email()` pattern (z.regexes.email), copied: the test fails if zod's changes. */
export const EMAIL_PATTERN =
  /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

/** What the schemas store: trimmed and lower-cased. */
export const normaliseEmail = (value: string) => value.trim().toLowerCase();

/** True when the login schema would accept `value` as an e-mail address. */
export const isEmail = (value: string) => {
  const email = normaliseEmail(value);
  return email.length <= EMAIL_MAX && EMAIL_PATTERN.test(email);
};
