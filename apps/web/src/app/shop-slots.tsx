import { canBuyAdobe, canShop, typeIdFromRole } from '@esd/shared/access/access.rules';
import type { Basket } from '@esd/shared/catalogue/basket.schemas';
import { PROVIDER } from '@esd/shared/catalogue/catalogue.constants';
import type { ProductListItem } from '@esd/shared/catalogue/catalogue.schemas';
import { allowedSellTypes } from '@esd/shared/shop/pricing.rules';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { AdobePurchaseButton } from '@/features/adobe/components/adobe-purchase-button';
import { preselectedCustomer } from '@/features/adobe/components/adobe-subscriptions';
import {
  AdobePanelFallback,
  LazyAdobePurchasePanel,
} from '@/features/adobe/components/lazy-adobe-panel';
import { storeBasket } from '@/features/basket/api/get-basket';
import { BasketActions } from '@/features/basket/components/basket-actions';
import { SellTypeControl } from '@/features/basket/components/sell-type-control';
import { useSellType } from '@/features/basket/components/use-sell-type';
import { useUser } from '@/features/profile/api/get-user';
import { getUserRole } from '@/lib/storage';

export type ShopSlots = {
  sellTypeControl?: ReactNode;
  renderBasketActions?: (product: ProductListItem, place: 'card' | 'page') => ReactNode;
};

/**
 * Where the products and basket features meet: shoppers (user types 3 and 4, spec 6) get the
 * basket controls and, when allowed both cash and credit, the "Pay by" choice; others browse.
 * A dealer with an Adobe account buys Adobe products through the Adobe flow (spec 4): in a
 * dialog from a card, in place on the product's page. Other shoppers see the basket's note:
 * an end user is sent to its dealer, a dealer without an Adobe account to the distributor.
 */
export const useShopSlots = (): ShopSlots => {
  const profile = useUser().data;
  // until the profile answers, the stored role (from the same type_id) decides
  const shopper = profile ?? {
    type_id: typeIdFromRole(getUserRole()),
    need_azn_cash: false,
    need_azn_credit: false,
  };
  const allowed = allowedSellTypes(shopper);
  const [sellType, setSellType] = useSellType(allowed);
  const queryClient = useQueryClient();
  const { i18n } = useTranslation();
  // "Buy more" of an Adobe subscription opens the product's page on its customer
  const [searchParams] = useSearchParams();
  if (!canShop(shopper.type_id) || sellType === undefined) return {};
  const buysAdobe = profile !== undefined && canBuyAdobe(profile);
  const onBasket = (basket: Basket) => storeBasket(queryClient, basket, i18n.language);
  return {
    sellTypeControl:
      allowed.length > 1 ? (
        <SellTypeControl allowed={allowed} value={sellType} onChange={setSellType} />
      ) : null,
    renderBasketActions: (product, place) => {
      if (product.provider_id !== PROVIDER.adobe || !buysAdobe)
        return (
          <BasketActions
            product={product}
            sellType={sellType}
            adobeAudience={shopper.type_id === 4 ? 'endUser' : 'dealer'}
          />
        );
      const props = { product, sellType, onBasket };
      if (place === 'card') return <AdobePurchaseButton {...props} />;
      return (
        <Suspense fallback={<AdobePanelFallback />}>
          <LazyAdobePurchasePanel
            {...props}
            initialCustomerId={preselectedCustomer(searchParams)}
          />
        </Suspense>
      );
    },
  };
};
