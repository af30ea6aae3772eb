import type { Basket } from '@esd/shared/catalogue/basket.schemas';
import type { SellType } from '@esd/shared/shop/pricing.rules';
import { Group, Loader } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QuantityStepper } from '@/components/quantity-stepper';
import { getErrorMessage, notifyError } from '@/lib/notify';
import { useAddToBasket } from '../api/add-to-basket';
import { useRemoveFromBasket } from '../api/remove-from-basket';

/** How long typing may pause before the new quantity is sent (each click of +/- too). */
const SAVE_AFTER_MS = 500;

export type EditableLine = {
  /** the basket line's id */
  id: number;
  productId: number;
  quantity: number;
  sellType: SellType;
};

/** What to send to bring a line from `from` to `to`: spec 7's add or remove by the difference. */
export const quantityChange = (from: number, to: number) =>
  to > from
    ? ({ kind: 'add', count: to - from } as const)
    : to < from
      ? ({ kind: 'remove', count: from - to } as const)
      : undefined;

/**
 * A basket line's quantity, changed in place: the stepper shows the wanted number at once and
 * the basket follows half a second after the last keystroke or click, by spec 7's add or
 * remove of the difference. One change is on its way at a time; what the shopper asks for
 * meanwhile follows when it is answered. A refusal (the line's limit) is shown and the field
 * returns to what the basket holds. Adobe lines never come here: their quantity was quoted.
 */
export const BasketLineQuantity = ({
  line,
  label,
  size,
  onChanged,
}: {
  line: EditableLine;
  label: string;
  size?: 'xs' | 'sm';
  /** the basket holds what was asked (checkout prices it again) */
  onChanged?: (basket: Basket) => void;
}) => {
  const { t } = useTranslation();
  const [wanted, setWanted] = useState(line.quantity);
  const add = useAddToBasket();
  const remove = useRemoveFromBasket();
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  // what the shopper asked for and the basket does not hold yet; what the basket holds
  const target = useRef<number | undefined>(undefined);
  const held = useRef(line.quantity);
  const inFlight = useRef(false);

  // the basket changed (here or elsewhere): show it, unless the shopper is still asking
  useEffect(() => {
    held.current = line.quantity;
    if (target.current === undefined) setWanted(line.quantity);
  }, [line.quantity]);
  const send = () => {
    const to = target.current;
    if (to === undefined || inFlight.current) return;
    const change = quantityChange(held.current, to);
    if (!change) {
      target.current = undefined;
      return;
    }
    inFlight.current = true;
    const onSuccess = (basket: Basket) => {
      inFlight.current = false;
      held.current = basket.products.find((item) => item.id === line.id)?.quantity ?? to;
      if (target.current === to) {
        target.current = undefined;
        onChanged?.(basket);
      } else send();
    };
    const onError = (error: unknown) => {
      inFlight.current = false;
      target.current = undefined;
      setWanted(held.current);
      notifyError(getErrorMessage(error));
    };
    if (change.kind === 'add') {
      const input = { productId: line.productId, quantity: change.count, sellType: line.sellType };
      add.mutate(input, { onSuccess, onError });
    } else {
      remove.mutate({ lineId: line.id, count: change.count }, { onSuccess, onError });
    }
  };

  // leaving the page within the half second still saves what was asked
  const sendLatest = useRef(send);
  sendLatest.current = send;
  useEffect(
    () => () => {
      if (target.current === undefined) return;
      clearTimeout(timer.current);
      sendLatest.current();
    },
    [],
  );

  const change = (to: number) => {
    setWanted(to);
    target.current = to;
    clearTimeout(timer.current);
    timer.current = setTimeout(send, SAVE_AFTER_MS);
  };

  return (
    <Group gap={6} wrap="nowrap" align="flex-start">
      <QuantityStepper value={wanted} onChange={change} label={label} size={size} />
      {add.isPending || remove.isPending ? (
        <Loader size="xs" mt={8} aria-label={t('quantity.saving')} />
      ) : null}
    </Group>
  );
};
