import { canBuyAdobe, canShop, typeIdFromRole } from '@esd/shared/access/access.rules';
import { canCommitThreeYears } from '@esd/shared/adobe/adobe.rules';
import type { Basket } from '@esd/shared/catalogue/basket.schemas';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { AdobePurchaseButton } from '@/features/adobe/components/adobe-purchase-button';
import { basketKeys } from '@/features/basket/api/basket-keys';
import { storeBasket } from '@/features/basket/api/get-basket';
import { checkoutKeys } from '@/features/checkout/api/checkout-keys';
import type { RenderOrderExtras } from '@/features/orders/components/order-detail';
import { ReorderButton } from '@/features/orders/components/reorder-button';
import { useUser } from '@/features/profile/api/get-user';
import { getUserRole } from '@/lib/storage';

/**
 * Where the orders, basket and Adobe features meet on an order's page: shoppers (user types 3
 * and 4, spec 6) get "Order again", which fills the basket; its Adobe lines open the Adobe
 * price request for the same customer and quantity (a dealer with an Adobe account, spec 4).
 */
export const useOrderExtras = (): RenderOrderExtras | undefined => {
  const profile = useUser().data;
  const queryClient = useQueryClient();
  const { i18n } = useTranslation();
  // until the profile answers, the stored role (from the same type_id) decides
  const typeId = profile?.type_id ?? typeIdFromRole(getUserRole());
  if (!canShop(typeId)) return undefined;
  const buysAdobe = profile !== undefined && canBuyAdobe(profile);
  const onBasket = (basket: Basket) => storeBasket(queryClient, basket, i18n.language);
  return (order) => (
    <ReorderButton
      orderId={order.id}
      onReordered={() => {
        // the basket changed on the server: the drawer's copy and checkout's priced one are old
        void queryClient.invalidateQueries({ queryKey: basketKeys.all });
        void queryClient.invalidateQueries({ queryKey: checkoutKeys.all });
      }}
      renderAdobeLine={(line, sellType) =>
        buysAdobe ? (
          <AdobePurchaseButton
            product={{ id: line.product_id, FullTitle: line.FullTitle }}
            sellType={sellType}
            onBasket={onBasket}
            initial={{
              customerId: line.customer_id === null ? null : String(line.customer_id),
              quantity: line.quantity,
              commitment: line.three_year_commitment && canCommitThreeYears(line.quantity) ? 1 : 0,
            }}
          />
        ) : null
      }
    />
  );
};
