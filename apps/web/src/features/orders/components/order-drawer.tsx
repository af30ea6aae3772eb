import { useTranslation } from 'react-i18next';
import { SideDrawer } from '@/components/side-drawer';
import { OrderDetailView, type RenderOrderExtras } from './order-detail';

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
      {orderId ? <OrderDetailView orderId={orderId} renderExtras={renderExtras} /> : null}
    </SideDrawer>
  );
};
