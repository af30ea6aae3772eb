import {
  canCommitThreeYears,
  chosenOption,
  NEW_ADOBE_CUSTOMER,
  orderLevel,
  standingOf,
} from '@esd/shared/adobe/adobe.rules';
import { ADOBE_MAX_QUANTITY, type AdobePriceOption } from '@esd/shared/adobe/adobe.schemas';
import type { Basket } from '@esd/shared/catalogue/basket.schemas';
import { THREE_YEAR_COMMITMENT_MIN_QUANTITY } from '@esd/shared/constants';
import { formatDate, formatNumber, formatUsd } from '@esd/shared/format/format';
import type { SellType } from '@esd/shared/shop/pricing.rules';
import { Alert, Button, Checkbox, Group, Input, Stack, Text } from '@mantine/core';
import { IconReceipt2, IconShoppingCartPlus } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QuantityStepper } from '@/components/quantity-stepper';
import { isApiError } from '@/lib/api-error';
import { getErrorMessage, notifyError, notifySuccess } from '@/lib/notify';
import { useAddAdobeToBasket } from '../api/add-adobe-to-basket';
import { useAdobePrice } from '../api/get-adobe-price';
import { useAdobeSubscriptions } from '../api/get-adobe-subscriptions';
import { AdobeCustomerSelect } from './adobe-customer-select';
import { AdobeErrorAlert } from './adobe-error-alert';
import { AdobePriceOptions } from './adobe-price-options';
import { isAnswerTo, type PurchaseChoice, priceRequestOf } from './adobe-purchase';

export type AdobePurchasePanelProps = {
  product: { id: number; FullTitle: string };
  sellType: SellType;
  /** keeps the basket the server answered with (the basket feature's store) */
  onBasket: (basket: Basket) => void;
  /** after the line went into the basket (a dialog closes) */
  onAdded?: () => void;
  /** the customer chosen at first ("Buy more" of one of its subscriptions) */
  initialCustomerId?: string | null;
  /** the customer, quantity and commitment to start from ("Order again" of an earlier order) */
  initial?: PurchaseChoice;
};

const start: PurchaseChoice = { customerId: null, quantity: 1, commitment: 0 };

/**
 * Spec 4's Adobe flow: customer, quantity and commitment, "Get price", then one of Adobe's
 * options goes to the basket. Any change discards the options.
 */
export const AdobePurchasePanel = ({
  product,
  sellType,
  onBasket,
  onAdded,
  initialCustomerId = null,
  initial,
}: AdobePurchasePanelProps) => {
  const { t, i18n } = useTranslation();
  const customerHintId = useId();
  const [choice, setChoice] = useState<PurchaseChoice>(
    () => initial ?? { ...start, customerId: initialCustomerId },
  );
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const price = useAdobePrice();
  const add = useAddAdobeToBasket(onBasket);
  // what Adobe prices the customer's next order by: its licences and its commitment (issue 33)
  const held = useAdobeSubscriptions(choice.customerId === null ? null : Number(choice.customerId));
  const standing = held.data ? standingOf(held.data) : NEW_ADOBE_CUSTOMER;
  const commitmentEnd =
    held.data?.find((s) => s.three_year_commitment?.status === 'COMMITTED')?.three_year_commitment
      ?.end_date ?? null;

  const request = priceRequestOf(product.id, choice, standing);
  // 409 PRICE_CHANGED: Adobe's options now, with the price the dealer saw → the price now
  const [repriced, setRepriced] = useState<{
    options: AdobePriceOption[];
    before: string;
    after: string | null;
  } | null>(null);
  const asked = price.data && isAnswerTo(price.variables, request) ? price.data : undefined;
  const options = repriced?.options ?? asked;
  const chosen = options ? chosenOption(options, selectedId) : undefined;
  const canCommit = canCommitThreeYears(choice.quantity);
  const threeYear = standing.committed || (canCommit && choice.commitment === 1);
  const level = orderLevel(standing, choice.quantity, threeYear);

  const change = (next: Partial<PurchaseChoice>) => {
    setChoice((current) => {
      const merged = { ...current, ...next };
      // spec 4: under 10 the commitment is reset to 0, not only hidden
      return canCommitThreeYears(merged.quantity) ? merged : { ...merged, commitment: 0 };
    });
    setSelectedId(null);
    setRepriced(null);
    price.reset();
    add.reset();
  };

  const getPrice = () => {
    // spec 8: a refusal is a notification titled 'Error'; it also stays in place (AdobeErrorAlert)
    if (request) price.mutate(request, { onError: (error) => notifyError(getErrorMessage(error)) });
  };

  const addToBasket = () => {
    if (!request || !chosen) return;
    add.mutate(
      {
        ...request,
        adobe_selected_product_id: chosen.id,
        sell_type: sellType,
        // the line goes in at the price shown, or not at all (409 PRICE_CHANGED)
        quoted_amount: chosen.Amount,
      },
      {
        onError: (error) => {
          if (!(isApiError(error) && error.errorName === 'PRICE_CHANGED')) {
            notifyError(getErrorMessage(error));
            return;
          }
          const data = error.data as {
            options: AdobePriceOption[];
            changes: { before: string | null; after: string | null }[];
          };
          const [change] = data.changes;
          setRepriced({
            options: data.options,
            before: change?.before ?? chosen.Amount,
            after: change?.after ?? null,
          });
          if (change?.after === null) setSelectedId(null);
          add.reset();
        },
        onSuccess: () => {
          notifySuccess(
            t('adobe.panel.added', { title: product.FullTitle, count: request.quantity }),
          );
          setChoice((current) => ({ ...start, customerId: current.customerId }));
          setSelectedId(null);
          setRepriced(null);
          price.reset();
          onAdded?.();
        },
      },
    );
  };

  return (
    <Stack gap="sm">
      <AdobeCustomerSelect
        value={choice.customerId}
        onChange={(customerId) => change({ customerId })}
      />
      <Group gap="lg" align="flex-start" wrap="wrap">
        <Input.Wrapper label={t('fields.quantity')} required labelElement="div">
          <QuantityStepper
            max={ADOBE_MAX_QUANTITY}
            value={choice.quantity}
            onChange={(quantity) => change({ quantity })}
            label={t('adobe.panel.quantityOf', { title: product.FullTitle })}
            required
          />
        </Input.Wrapper>
        <Checkbox
          mt={{ base: 0, xs: 26 }}
          label={t('adobe.panel.commitment')}
          description={
            standing.committed
              ? t('adobe.panel.committed', {
                  date: commitmentEnd ? formatDate(commitmentEnd, i18n.language) : '—',
                  level,
                })
              : canCommit
                ? t('adobe.panel.commitmentHint', {
                    level: orderLevel(standing, choice.quantity, true),
                  })
                : t('adobe.panel.commitmentFrom', {
                    licences: formatNumber(THREE_YEAR_COMMITMENT_MIN_QUANTITY, i18n.language),
                    count: THREE_YEAR_COMMITMENT_MIN_QUANTITY,
                  })
          }
          // a committed customer's orders are all under its commitment: on, and not to be undone
          checked={threeYear}
          disabled={standing.committed || !canCommit}
          onChange={(event) => change({ commitment: event.currentTarget.checked ? 1 : 0 })}
          style={{ flex: '1 1 200px' }}
        />
      </Group>
      {standing.licences > 0 ? (
        <Text size="xs" c="dimmed" role="status">
          {t('adobe.panel.standing', { count: standing.licences, level })}
        </Text>
      ) : null}
      {options && options.length > 0 ? (
        <AdobePriceOptions options={options} value={chosen?.id} onChange={setSelectedId} />
      ) : null}
      {options && options.length === 0 ? (
        <Text size="sm" c="orange.9" role="status">
          {t('adobe.panel.noOptions')}
        </Text>
      ) : null}
      {repriced ? (
        <Alert color="orange" role="alert" title={t('adobe.panel.repricedTitle')}>
          {repriced.after === null
            ? t('adobe.panel.offerGone')
            : t('adobe.panel.repriced', {
                before: formatUsd(repriced.before, i18n.language),
                after: formatUsd(repriced.after, i18n.language),
              })}
        </Alert>
      ) : null}
      <AdobeErrorAlert error={price.error ?? add.error} />
      {chosen ? (
        <Button
          leftSection={<IconShoppingCartPlus size={16} aria-hidden />}
          loading={add.isPending}
          onClick={addToBasket}
        >
          {t('adobe.panel.addToBasket')}
        </Button>
      ) : (
        <Button
          leftSection={<IconReceipt2 size={16} aria-hidden />}
          // the price waits for the customer's standing, which decides the commitment sent
          loading={price.isPending || held.isLoading}
          disabled={request === null}
          aria-describedby={request === null ? customerHintId : undefined}
          onClick={getPrice}
        >
          {t('adobe.panel.getPrice')}
        </Button>
      )}
      {request === null ? (
        <Text id={customerHintId} size="xs" c="dimmed">
          {t('adobe.panel.chooseCustomerFirst')}
        </Text>
      ) : null}
    </Stack>
  );
};
