/**
 * The basket module's public surface (issue 30): what other modules may use of it. Another module
 * imports this file only, never one of the module's own files (`npm run lint:deps`).
 */
export {
  basketLinesColumn,
  basketLinesFrom,
  findBasketLines,
  putAdobeLine,
} from './basket.repository';
export {
  addBasketLine,
  adobeLineInfo,
  priceBasketLines,
  readBasket,
  writeBasket,
} from './basket.service';
