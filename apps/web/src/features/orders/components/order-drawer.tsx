import { Drawer } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { OrderDetailView, type RenderOrderExtras } from './order-detail';

type OrderDrawerProps = {
  orderId: number | undefined;
  onClose: () => void;
  renderExtras?: RenderOrderExtras;
};

/** The detail of `?order=<id>`: a side drawer, the whole screen on a phone. */
export const OrderDrawer = ({ orderId, onClose, renderExtras }: OrderDrawerProps) => {
  const { t } = useTranslation();
  const isPhone = useMediaQuery('(max-width: 48em)');
  return (
    <Drawer.Root
      opened={orderId !== undefined}
      onClose={onClose}
      position="right"
      size={isPhone ? '100%' : 760}
    >
      <Drawer.Overlay />
      <Drawer.Content>
        {/* a div: inside the dialog a <header> would count as a second page banner */}
        <Drawer.Header component="div">
          <Drawer.Title fw={650} fz="xl">
            {orderId ? t('orders.detail.title', { id: orderId }) : null}
          </Drawer.Title>
          <Drawer.CloseButton aria-label={t('actions.close')} />
        </Drawer.Header>
        <Drawer.Body>
          {orderId ? <OrderDetailView orderId={orderId} renderExtras={renderExtras} /> : null}
        </Drawer.Body>
      </Drawer.Content>
    </Drawer.Root>
  );
};
