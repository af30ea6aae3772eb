import { canShop, typeIdFromRole } from '@esd/shared/access/access.rules';
import type { ProductListItem } from '@esd/shared/catalogue/catalogue.schemas';
import { allowedSellTypes } from '@esd/shared/shop/pricing.rules';
import type { ReactNode } from 'react';
import { BasketActions } from '@/features/basket/components/basket-actions';
import { SellTypeControl } from '@/features/basket/components/sell-type-control';
import { useSellType } from '@/features/basket/components/use-sell-type';
import { useUser } from '@/features/profile/api/get-user';
import { getUserRole } from '@/lib/storage';

export type ShopSlots = {
  sellTypeControl?: ReactNode;
  renderBasketActions?: (product: ProductListItem) => ReactNode;
};

/**
 * Where the products and basket features meet: shoppers (user types 3 and 4, spec 6) get the
 * basket controls and, when allowed both cash and credit, the "Pay by" choice; others browse.
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
  if (!canShop(shopper.type_id) || sellType === undefined) return {};
  return {
    sellTypeControl:
      allowed.length > 1 ? (
        <SellTypeControl allowed={allowed} value={sellType} onChange={setSellType} />
      ) : null,
    renderBasketActions: (product) => <BasketActions product={product} sellType={sellType} />,
  };
};
