import { ActionIcon, Indicator } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconShoppingCart } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBasket } from '../api/get-basket';

// The drawer (lines, totals, pay-by choice) loads on the first open, not with every page.
const BasketDrawer = lazy(() =>
  import('./basket-drawer').then((module) => ({ default: module.BasketDrawer })),
);

/** The top bar's basket (dealers and users): the item count, opening the basket drawer. */
export const BasketButton = () => {
  const { t } = useTranslation();
  const [opened, drawer] = useDisclosure(false);
  const [wanted, setWanted] = useState(false);
  const basket = useBasket();
  const count = basket.data?.totalQuantity ?? 0;

  return (
    <>
      <Indicator
        label={count}
        size={18}
        offset={6}
        color="red"
        maxValue={99}
        disabled={count === 0}
      >
        <ActionIcon
          variant="subtle"
          color="gray"
          c="gray.8"
          size="lg"
          aria-label={t('basket.button.open', { count })}
          aria-haspopup="dialog"
          onClick={() => {
            setWanted(true);
            drawer.open();
          }}
        >
          <IconShoppingCart size={22} aria-hidden />
        </ActionIcon>
      </Indicator>
      {wanted ? (
        <Suspense fallback={null}>
          <BasketDrawer opened={opened} onClose={drawer.close} />
        </Suspense>
      ) : null}
    </>
  );
};
