import 'i18next';
import type { TranslationResources } from './i18n-resources';

// Key types derived from the English resources: a missing or misspelt key fails to compile.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: TranslationResources };
  }
}
