import { z } from 'zod';

/**
 * One active sign-in of the account, as its owner sees it on the profile page (issue 32):
 * where and in what it signed in, when, when last used, and how.
 */
export const activeSignInSchema = z.object({
  id: z.uuid(),
  /** how it signed in: `password`, `oidc` (single sign-on), `passkey` */
  provider: z.string(),
  /** the browser and system read from the User-Agent; null when it names none we know */
  browser: z.string().nullable(),
  os: z.string().nullable(),
  user_agent: z.string().nullable(),
  ip: z.string().nullable(),
  started_at: z.string(),
  last_seen_at: z.string().nullable(),
  /** the sign-in of the request that asked */
  current: z.boolean(),
});
export type ActiveSignIn = z.infer<typeof activeSignInSchema>;

export const activeSignInsSchema = z.array(activeSignInSchema);

export const signInIdParamsSchema = z.object({ id: z.uuid() });

export const endedSignInsSchema = z.object({ ended: z.number().int().min(0) });

const browsers: [RegExp, string][] = [
  [/\bEdg(?:e|A|iOS)?\//, 'Edge'],
  [/\b(?:OPR|Opera)\//, 'Opera'],
  [/\bYaBrowser\//, 'Yandex Browser'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\b(?:Firefox|FxiOS)\//, 'Firefox'],
  [/(?:\b|Headless)(?:Chrome|CriOS|Chromium)\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
];

const systems: [RegExp, string][] = [
  [/\b(?:iPhone|iPad|iPod)\b/, 'iOS'],
  [/\bAndroid\b/, 'Android'],
  [/\bWindows\b/, 'Windows'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

/** The browser and system a User-Agent names, in the few words a person recognises. */
export const deviceOf = (userAgent: string | null | undefined) => {
  const ua = userAgent ?? '';
  return {
    browser: browsers.find(([pattern]) => pattern.test(ua))?.[1] ?? null,
    os: systems.find(([pattern]) => pattern.test(ua))?.[1] ?? null,
  };
};
