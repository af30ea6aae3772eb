import { Button, Drawer, EmptyState, Skeleton, Stack } from '@mantine/core';
import { IconShoppingCart } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoadFailed } from '@/components/load-failed';
import { paths } from '@/config/paths';
import { getStoredSellType } from '@/lib/storage';
import { useBasket } from '../api/get-basket';
import { BasketLine } from './basket-line';
import { BasketTotals } from './basket-totals';
import { checkoutSellType } from './sell-type';

type BasketDrawerProps = { opened: boolean; onClose: () => void };

const BasketBody = ({ onClose }: { onClose: () => void }) => {
  const { t } = useTranslation();
  const basket = useBasket();

  if (basket.isPending) {
    return (
      <Stack gap="sm" aria-busy>
        <Skeleton h={110} radius="md" />
        <Skeleton h={110} radius="md" />
        <Skeleton h={90} radius="md" />
      </Stack>
    );
  }
  if (basket.isError) {
    return (
      <LoadFailed title={t('basket.drawer.loadError')} onRetry={() => void basket.refetch()} />
    );
  }
  if (basket.data.products.length === 0) {
    return (
      <EmptyState
        py="xl"
        variant="light"
        icon={<IconShoppingCart size={32} stroke={1.5} aria-hidden />}
      >
        <EmptyState.Title order={3}>{t('basket.drawer.empty')}</EmptyState.Title>
        <EmptyState.Description>{t('basket.drawer.emptyDescription')}</EmptyState.Description>
        <EmptyState.Actions>
          <Button component={Link} to={paths.products.getHref()} variant="light" onClick={onClose}>
            {t('basket.drawer.browse')}
          </Button>
        </EmptyState.Actions>
      </EmptyState>
    );
  }
  return (
    <Stack gap="md">
      <Stack
        component="ul"
        gap="sm"
        aria-label={t('basket.drawer.linesLabel')}
        style={{ listStyle: 'none', padding: 0, margin: 0 }}
      >
        {basket.data.products.map((line) => (
          <BasketLine key={line.id} line={line} onNavigate={onClose} />
        ))}
      </Stack>
      <BasketTotals basket={basket.data} />
      <Button
        component={Link}
        to={paths.checkout.getHref()}
        // checkout opens on the way of paying the shopper chose (its lines are in the basket)
        state={{ sellType: checkoutSellType(basket.data.products, getStoredSellType()) }}
        onClick={onClose}
        size="md"
        fullWidth
        disabled={!basket.data.form}
      >
        {t('basket.drawer.checkout')}
      </Button>
    </Stack>
  );
};

export const BasketDrawer = ({ opened, onClose }: BasketDrawerProps) => {
  const { t } = useTranslation();
  return (
    <Drawer.Root opened={opened} onClose={onClose} position="right" size="md">
      <Drawer.Overlay />
      <Drawer.Content>
        {/* a div: inside the dialog a <header> would count as a second page banner */}
        <Drawer.Header component="div">
          <Drawer.Title fw={650} fz="xl">
            {t('basket.drawer.title')}
          </Drawer.Title>
          <Drawer.CloseButton aria-label={t('actions.close')} />
        </Drawer.Header>
        <Drawer.Body>
          <BasketBody onClose={onClose} />
        </Drawer.Body>
      </Drawer.Content>
    </Drawer.Root>
  );
};
