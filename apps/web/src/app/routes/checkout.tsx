import type { OrderDetail } from '@esd/shared/orders/orders.schemas';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { basketKeys } from '@/features/basket/api/basket-keys';
import { CheckoutPage } from '@/features/checkout/components/checkout-page';
import { storeOrder } from '@/features/orders/api/get-order';
import { ORDER_PARAM } from '@/features/orders/components/order-filters';

/** Where checkout meets the basket and the orders: a placed order empties the basket and opens. */
export const Component = () => {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { i18n } = useTranslation();

  const onPlaced = (order: OrderDetail) => {
    void queryClient.invalidateQueries({ queryKey: basketKeys.all });
    storeOrder(queryClient, order, i18n.language);
    navigate(`${paths.orders.getHref()}?${ORDER_PARAM}=${order.id}`);
  };

  const onBasketChanged = () => {
    void queryClient.invalidateQueries({ queryKey: basketKeys.all });
  };

  return <CheckoutPage onPlaced={onPlaced} onBasketChanged={onBasketChanged} />;
};
