import { Center, Loader } from '@mantine/core';
import { lazy } from 'react';

// The panel (customer picker, options, new-customer form) loads when it is first shown (a
// product card's dialog, the product page), not with the product list.
export const LazyAdobePurchasePanel = lazy(() =>
  import('./adobe-purchase-panel').then((module) => ({ default: module.AdobePurchasePanel })),
);

export const AdobePanelFallback = () => (
  <Center py="lg">
    <Loader size="sm" />
  </Center>
);
