import type {
  CheckoutPreview,
  OrderDetail,
  PriceChangedData,
} from '@esd/shared/orders/orders.schemas';
import { Alert, Button, Stack } from '@mantine/core';
import { IconAlertTriangle, IconReceipt } from '@tabler/icons-react';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/lib/api-error';
import { getErrorMessage, notifyError, notifySuccess } from '@/lib/notify';
import { usePlaceOrder } from '../api/place-order';
import { checkoutFingerprint, createIdempotencyKeys } from './idempotency-key';

type PlaceOrderButtonProps = {
  preview: CheckoutPreview;
  /** the preview is being refreshed (another way of paying, a changed basket) */
  isStale: boolean;
  /** over the credit limit: spec 5 blocks the order */
  isBlocked: boolean;
  onPlaced: (order: OrderDetail) => void;
  /** 409 PRICE_CHANGED: nothing was ordered; the page shows the new review and what changed */
  onPriceChanged: (data: PriceChangedData) => void;
  /** the buyer is confirming a review that changed since it first saw it */
  confirmsChanges: boolean;
};

/** "Place order": one Idempotency-Key per attempt, disabled while the request runs. */
export const PlaceOrderButton = ({
  preview,
  isStale,
  isBlocked,
  onPlaced,
  onPriceChanged,
  confirmsChanges,
}: PlaceOrderButtonProps) => {
  const { t } = useTranslation();
  const keys = useRef(createIdempotencyKeys()).current;
  const place = usePlaceOrder();
  const fingerprint = checkoutFingerprint(preview);
  const creditError =
    place.error && isApiError(place.error) && place.error.errorName === 'CREDIT_LIMIT'
      ? place.error.message
      : null;

  const submit = () => {
    if (place.isPending) return;
    place.mutate(
      {
        sell_type: preview.sell_type,
        // the order charges exactly this review, or nothing is ordered (409 PRICE_CHANGED)
        quote: preview.quote,
        idempotencyKey: keys.keyFor(fingerprint),
      },
      {
        onSuccess: (order) => {
          keys.settle();
          notifySuccess(t('checkout.placed', { id: order.id }));
          onPlaced(order);
        },
        onError: (error) => {
          if (isApiError(error) && error.errorName === 'PRICE_CHANGED') {
            onPriceChanged(error.data as PriceChangedData);
            return;
          }
          // spec 8: every refusal is a notification titled 'Error' with the server's message; the
          // credit's (spec 5) also stays on the page beside the button
          notifyError(getErrorMessage(error));
        },
      },
    );
  };

  return (
    <Stack gap="sm">
      {creditError && !place.isPending ? (
        <Alert color="red" role="alert" icon={<IconAlertTriangle size={18} aria-hidden />}>
          {creditError}
        </Alert>
      ) : null}
      <Button
        size="md"
        fullWidth
        leftSection={<IconReceipt size={18} aria-hidden />}
        loading={place.isPending}
        disabled={isBlocked || isStale}
        onClick={submit}
      >
        {t(confirmsChanges ? 'checkout.placeChanged' : 'checkout.place')}
      </Button>
    </Stack>
  );
};
