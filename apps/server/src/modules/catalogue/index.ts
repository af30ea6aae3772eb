/**
 * The catalogue module's public surface (issue 30): what other modules may use of it. Another module
 * imports this file only, never one of the module's own files (`npm run lint:deps`).
 */

export {
  aznAmount,
  type FreshPricingRow,
  forgetMarkupCache,
  freshPricingColumns,
  loadOwnSettings,
  loadPricingContext,
  type PricingContext,
  pricingContextFrom,
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
