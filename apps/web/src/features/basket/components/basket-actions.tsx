import { PROVIDER } from '@esd/shared/catalogue/catalogue.constants';
import type { SellType } from '@esd/shared/shop/pricing.rules';
import { Button, Text } from '@mantine/core';
import { IconShoppingCartPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QuantityStepper } from '@/components/quantity-stepper';
import { notifySuccess } from '@/lib/notify';
import { useAddToBasket } from '../api/add-to-basket';
import { useBasket } from '../api/get-basket';
import { useRemoveFromBasket } from '../api/remove-from-basket';
import { AdobeNote, type AdobeNoteAudience } from './adobe-note';
import { BasketLineQuantity } from './basket-line-quantity';

type BasketActionsProps = {
  product: { id: number; FullTitle: string; provider_id: number };
  sellType: SellType;
  /** who is told how Adobe products are bought, in place of the controls */
  adobeAudience: AdobeNoteAudience;
};

/**
 * Spec 2's card controls: a quantity stepper and "add to basket", or "remove" once the
 * product is in the basket with this sell type, its quantity then changed in place. Adobe
 * products get a note instead, saying who buys them and whom to ask.
 */
export const BasketActions = ({ product, sellType, adobeAudience }: BasketActionsProps) => {
  const { t } = useTranslation();
  const [quantity, setQuantity] = useState(1);
  const basket = useBasket();
  const add = useAddToBasket();
  const remove = useRemoveFromBasket();

  if (product.provider_id === PROVIDER.adobe) return <AdobeNote audience={adobeAudience} />;

  const title = product.FullTitle;
  const line = basket.data?.products.find(
    (item) => item.product_id === product.id && item.sell_type === sellType && !item.adobe,
  );

  const addToBasket = () =>
    add.mutate(
      { productId: product.id, quantity, sellType },
      {
        onSuccess: () => {
          notifySuccess(t('basket.notifications.added', { title, count: quantity }));
          setQuantity(1);
        },
      },
    );

  return (
    // plain boxes: these controls are in every product card (issue 35)
    <div style={{ display: 'flex', flexDirection: 'column', gap: 6 }}>
      <div
        style={{
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'center',
          gap: 'var(--mantine-spacing-xs)',
        }}
      >
        {line ? (
          <BasketLineQuantity
            line={{ id: line.id, productId: product.id, quantity: line.quantity, sellType }}
            label={t('basket.actions.quantityOf', { title })}
          />
        ) : (
          <QuantityStepper
            value={quantity}
            onChange={setQuantity}
            label={t('basket.actions.quantityOf', { title })}
          />
        )}
        {line ? (
          <Button
            variant="light"
            color="red"
            leftSection={<IconTrash size={16} aria-hidden />}
            loading={remove.isPending}
            aria-label={t('basket.actions.removeProduct', { title })}
            onClick={() => remove.mutate({ lineId: line.id, count: line.quantity })}
            style={{ flexGrow: 1 }}
          >
            {t('basket.actions.remove')}
          </Button>
        ) : (
          <Button
            leftSection={<IconShoppingCartPlus size={16} aria-hidden />}
            loading={add.isPending}
            disabled={basket.isPending}
            aria-label={t('basket.actions.addProduct', { title })}
            onClick={addToBasket}
            style={{ flexGrow: 1 }}
          >
            {t('basket.actions.add')}
          </Button>
        )}
      </div>
      {line ? (
        <Text size="xs" c="teal.9" fw={500}>
          {t('basket.actions.inBasket', { count: line.quantity })}
        </Text>
      ) : null}
    </div>
  );
};
