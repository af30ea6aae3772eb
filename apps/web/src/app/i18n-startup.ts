/**
 * The features whose translations load before the first render, with the common file: the ones
 * the sign-in pages, the signed-in shell and the product list use. Every other feature's
 * translations form a second chunk per language that loads beside them and is in place before
 * any other page renders (router.tsx). Read by vite.config.ts (chunks) and i18n-resources.ts.
 */
export const STARTUP_FEATURES: readonly string[] = [
  'adobe',
  'auth',
  'basket',
  'notifications',
  'partners',
  'products',
  'starred',
];
