import { canShop, typeIdFromRole } from '@esd/shared/access/access.rules';
import type { OrderDetail } from '@esd/shared/orders/orders.schemas';
import { allowedSellTypes, type SellType } from '@esd/shared/shop/pricing.rules';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { basketKeys } from '@/features/basket/api/basket-keys';
import { useBasket } from '@/features/basket/api/get-basket';
import { BasketLineQuantity } from '@/features/basket/components/basket-line-quantity';
import { RemoveLineButton } from '@/features/basket/components/remove-line-button';
import { checkoutSellType, toSellType } from '@/features/basket/components/sell-type';
import { checkoutKeys } from '@/features/checkout/api/checkout-keys';
import type { LineControls } from '@/features/checkout/components/checkout-lines';
import { CheckoutPage } from '@/features/checkout/components/checkout-page';
import { storeOrder } from '@/features/orders/api/get-order';
import { ORDER_PARAM } from '@/features/orders/components/order-filters';
import { useUser } from '@/features/profile/api/get-user';
import { getStoredSellType, getUserRole } from '@/lib/storage';

/**
 * The way of paying checkout opens on when nothing else says: the "Pay by" choice of the
 * product pages while the basket has lines paid that way, else the first line's, as the basket
 * drawer does. Only a way this shopper may still pay; `pending` until basket and profile answer.
 */
const usePreferredSellType = (
  basket: ReturnType<typeof useBasket>,
): SellType | 'pending' | undefined => {
  const profile = useUser();
  if (basket.isPending || profile.isPending) return 'pending';
  if (!basket.data || !profile.data) return undefined;
  const preferred = checkoutSellType(basket.data.products, getStoredSellType());
  return preferred !== undefined && allowedSellTypes(profile.data).includes(preferred)
    ? preferred
    : undefined;
};

/** Where checkout meets the basket and the orders: a placed order empties the basket and opens. */
export const Component = () => {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { t, i18n } = useTranslation();
  // only shoppers have a basket; others see checkout's note and nothing is asked
  const basket = useBasket({ enabled: canShop(typeIdFromRole(getUserRole())) });
  const preferredSellType = usePreferredSellType(basket);

  const onPlaced = (order: OrderDetail) => {
    void queryClient.invalidateQueries({ queryKey: basketKeys.all });
    storeOrder(queryClient, order, i18n.language);
    navigate(`${paths.orders.getHref()}?${ORDER_PARAM}=${order.id}`);
  };

  const onBasketChanged = () => {
    void queryClient.invalidateQueries({ queryKey: basketKeys.all });
  };
  // a line changed here: the basket answered already; checkout prices it again
  const repriceCheckout = () => {
    void queryClient.invalidateQueries({ queryKey: checkoutKeys.all });
  };

  const lineControls: LineControls = {
    quantity: (line) => {
      const basketLine = basket.data?.products.find((item) => item.id === line.basket_item_id);
      // an Adobe line was quoted for exactly its quantity (invariant 2): remove it instead
      if (!basketLine || basketLine.adobe) return line.quantity;
      return (
        <BasketLineQuantity
          line={{
            id: line.basket_item_id,
            productId: line.product_id,
            quantity: line.quantity,
            sellType: toSellType(basketLine.sell_type),
          }}
          label={t('basket.actions.quantityOf', { title: line.FullTitle })}
          size="xs"
          onChanged={repriceCheckout}
        />
      );
    },
    remove: (line) => (
      <RemoveLineButton
        line={{ id: line.basket_item_id, quantity: line.quantity }}
        title={line.FullTitle}
        onRemoved={repriceCheckout}
      />
    ),
  };

  return (
    <CheckoutPage
      onPlaced={onPlaced}
      onBasketChanged={onBasketChanged}
      preferredSellType={preferredSellType}
      lineControls={lineControls}
    />
  );
};
