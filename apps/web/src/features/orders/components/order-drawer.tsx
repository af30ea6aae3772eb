import { Center, Loader } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { SideDrawer } from '@/components/side-drawer';
import type { RenderOrderExtras } from './order-detail';

// An order's detail (its items, keys, history, and the dialogs with their zod checks) is not
// part of the order list's first load (issue 35): it loads when an order opens.
const OrderDetailView = lazy(() =>
  import('./order-detail').then((module) => ({ default: module.OrderDetailView })),
);

type OrderDrawerProps = {
  orderId: number | undefined;
  onClose: () => void;
  renderExtras?: RenderOrderExtras;
};

/** The detail of `?order=<id>`: a side drawer, the whole screen on a phone. */
export const OrderDrawer = ({ orderId, onClose, renderExtras }: OrderDrawerProps) => {
  const { t } = useTranslation();
  return (
    <SideDrawer
      opened={orderId !== undefined}
      onClose={onClose}
      width={760}
      title={orderId ? t('orders.detail.title', { id: orderId }) : null}
    >
      {orderId ? (
        <Suspense
          fallback={
            <Center py="xl">
              <Loader size="sm" />
            </Center>
          }
        >
          <OrderDetailView orderId={orderId} renderExtras={renderExtras} />
        </Suspense>
      ) : null}
    </SideDrawer>
  );
};
