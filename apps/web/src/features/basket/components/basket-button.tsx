import { ActionIcon, Indicator } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconShoppingCart } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useBasket } from '../api/get-basket';
import { BasketDrawer } from './basket-drawer';

/** The top bar's basket (dealers and users): the item count, opening the basket drawer. */
export const BasketButton = () => {
  const { t } = useTranslation();
  const [opened, drawer] = useDisclosure(false);
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
          onClick={drawer.open}
        >
          <IconShoppingCart size={22} aria-hidden />
        </ActionIcon>
      </Indicator>
      <BasketDrawer opened={opened} onClose={drawer.close} />
    </>
  );
};
