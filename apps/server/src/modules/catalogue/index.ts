/**
 * The catalogue module's public surface (issue 30): what other modules may use of it. Another module
 * imports this file only, never one of the module's own files (`npm run lint:deps`).
 */

export {
  aznAmount,
  forgetMarkupCache,
  loadOwnSettings,
  loadPricingContext,
  type PricingContext,
  usdPrice,
} from './pricing.context';
export { findCurrentRate } from './pricing.repository';
export { forgetPricingCache, readPricingSettings, writePricingSettings } from './pricing-settings';
export {
  findProduct,
  productImageUrl,
  productSearchCondition,
  titleColumn,
} from './products.repository';
