import type { AppErrorCode } from '@esd/shared/api-codes';
import type { Language } from '@esd/shared/constants';
import type commonEn from '@/lib/i18n/locales/en.json';
import { STARTUP_FEATURES } from './i18n-startup';

type English<T> = T extends { default: infer D } ? D : T;

/**
 * The English keys of each feature, for the key types (i18next.d.ts). A new feature's
 * locales (features/<name>/locales/{en,ru,az}.json) need one line here; they load by themselves.
 */
type FeatureResources = {
  adobe: English<typeof import('@/features/adobe/locales/en.json')>;
  'api-keys': English<typeof import('@/features/api-keys/locales/en.json')>;
  auth: English<typeof import('@/features/auth/locales/en.json')>;
  basket: English<typeof import('@/features/basket/locales/en.json')>;
  checkout: English<typeof import('@/features/checkout/locales/en.json')>;
  credit: English<typeof import('@/features/credit/locales/en.json')>;
  dealer: English<typeof import('@/features/dealer/locales/en.json')>;
  events: English<typeof import('@/features/events/locales/en.json')>;
  jobs: English<typeof import('@/features/jobs/locales/en.json')>;
  keys: English<typeof import('@/features/keys/locales/en.json')>;
  library: English<typeof import('@/features/library/locales/en.json')>;
  mailbox: English<typeof import('@/features/mailbox/locales/en.json')>;
  news: English<typeof import('@/features/news/locales/en.json')>;
  notifications: English<typeof import('@/features/notifications/locales/en.json')>;
  orders: English<typeof import('@/features/orders/locales/en.json')>;
  partners: English<typeof import('@/features/partners/locales/en.json')>;
  products: English<typeof import('@/features/products/locales/en.json')>;
  profile: English<typeof import('@/features/profile/locales/en.json')>;
  security: English<typeof import('@/features/security/locales/en.json')>;
  settings: English<typeof import('@/features/settings/locales/en.json')>;
  starred: English<typeof import('@/features/starred/locales/en.json')>;
  statistics: English<typeof import('@/features/statistics/locales/en.json')>;
  targets: English<typeof import('@/features/targets/locales/en.json')>;
  users: English<typeof import('@/features/users/locales/en.json')>;
  webhooks: English<typeof import('@/features/webhooks/locales/en.json')>;
};

/**
 * Common keys at the top level, each feature's keys under the feature's folder name, and the
 * error codes' words (shared with the server, which answers with them) under `errors`.
 */
export type TranslationResources = typeof commonEn &
  FeatureResources & { errors: Record<AppErrorCode, string> };

type Json = Record<string, unknown>;

// Lazy: per language, the common file and the start-up features form one chunk, every other
// feature another (vite.config.ts); only the active language loads.
const commonFiles = import.meta.glob<Json>('/src/lib/i18n/locales/*.json', { import: 'default' });
// one module per language, so only the active language's words load (vite.config.ts chunks
// each with its language's locale files)
const errorFiles: Record<Language, () => Promise<Record<AppErrorCode, string>>> = {
  en: () => import('@esd/shared/errors/messages-en').then((file) => file.messages),
  ru: () => import('@esd/shared/errors/messages-ru').then((file) => file.messages),
  az: () => import('@esd/shared/errors/messages-az').then((file) => file.messages),
};
const featureFiles = import.meta.glob<Json>('/src/features/*/locales/*.json', {
  import: 'default',
});

const loadFeatures = async (lang: Language, atStartup: boolean): Promise<Json> => {
  const features = Object.entries(featureFiles).flatMap(([file, load]) => {
    const match = /^\/src\/features\/([\w-]+)\/locales\/(\w+)\.json$/.exec(file);
    if (!match?.[1] || match[2] !== lang) return [];
    if (STARTUP_FEATURES.includes(match[1]) !== atStartup) return [];
    return [load().then((keys) => [match[1], keys] as const)];
  });
  return Object.fromEntries(await Promise.all(features));
};

/** The common keys and the start-up features' keys of one language (the first render's). */
export const loadStartupTranslation = async (lang: Language): Promise<Json> => {
  const common = commonFiles[`/src/lib/i18n/locales/${lang}.json`];
  if (!common) throw new Error(`No common locale for ${lang}`);
  const [commonKeys, errors, featureKeys] = await Promise.all([
    common(),
    errorFiles[lang](),
    loadFeatures(lang, true),
  ]);
  return { ...commonKeys, errors, ...featureKeys };
};

/** Every other feature's keys of one language, each under its feature's name. */
export const loadPageTranslation = (lang: Language): Promise<Json> => loadFeatures(lang, false);
