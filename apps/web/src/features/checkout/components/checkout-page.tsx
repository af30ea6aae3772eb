import { canShop, typeIdFromRole } from '@esd/shared/access/access.rules';
import { fitsCredit } from '@esd/shared/orders/orders.rules';
import type {
  CheckoutPreview,
  OrderDetail,
  PriceChangedData,
} from '@esd/shared/orders/orders.schemas';
import { SELL_TYPE, type SellType } from '@esd/shared/shop/pricing.rules';
import {
  Alert,
  Button,
  EmptyState,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import {
  IconAlertTriangle,
  IconInfoCircle,
  IconReceipt,
  IconShoppingCart,
} from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearchParams } from 'react-router';
import { LabelledChoice } from '@/components/labelled-choice';
import { PageHeader } from '@/components/page-header';
import { paths } from '@/config/paths';
import { getErrorMessage, notifyError } from '@/lib/notify';
import { getUserRole, setStoredSellType } from '@/lib/storage';
import { checkoutKeys } from '../api/checkout-keys';
import { useCheckout } from '../api/get-checkout';
import { useMoveBasketLines } from '../api/move-basket-lines';
import { CheckoutLines, type LineControls } from './checkout-lines';
import { parseSellType, sellTypeName } from './checkout-params';
import { CheckoutTotals } from './checkout-totals';
import { CreditSummary } from './credit-summary';
import { PlaceOrderButton } from './place-order-button';
import { PriceChanges } from './price-changes';

type CheckoutPageProps = {
  onPlaced: (order: OrderDetail) => void;
  /** the basket changed here (lines moved to another way of paying) */
  onBasketChanged: () => void;
  /**
   * The way of paying to open on when the address and the link say none: the shopper's "Pay by"
   * choice on the product pages. `pending` while it is still being worked out (nothing is
   * priced until then, so the page never shows the other way first); undefined lets the server
   * choose.
   */
  preferredSellType?: SellType | 'pending';
  /** the basket's controls for each line (quantity in place, remove), composed in by the app */
  lineControls?: LineControls;
};

const SellTypePicker = (props: {
  allowed: SellType[];
  value: SellType;
  onChange: (value: SellType) => void;
}) => {
  const { t } = useTranslation();
  return (
    <LabelledChoice
      label={t('checkout.sellType.label')}
      data={props.allowed.map((type) => ({
        value: String(type),
        label: t(`checkout.sellType.${sellTypeName(type)}`),
      }))}
      value={String(props.value)}
      onChange={(value) => props.onChange(parseSellType(value) ?? SELL_TYPE.cash)}
    />
  );
};

const NotShopper = () => {
  const { t } = useTranslation();
  return (
    <Paper radius="lg" p="lg">
      <EmptyState py="xl" variant="light" icon={<IconReceipt size={32} stroke={1.5} aria-hidden />}>
        <EmptyState.Title order={2}>{t('checkout.notShopper.title')}</EmptyState.Title>
        <EmptyState.Description>{t('checkout.notShopper.description')}</EmptyState.Description>
        <EmptyState.Actions>
          <Button component={Link} to={paths.orders.getHref()} variant="light">
            {t('checkout.notShopper.orders')}
          </Button>
        </EmptyState.Actions>
      </EmptyState>
    </Paper>
  );
};

/**
 * Checkout takes the lines of its way of paying; the others stay in the basket (invariant 2),
 * unless the shopper moves them here, which prices them again in plain view.
 */
const OtherLinesNote = ({
  preview,
  onBasketChanged,
}: {
  preview: CheckoutPreview;
  onBasketChanged: () => void;
}) => {
  const { t } = useTranslation();
  const move = useMoveBasketLines(onBasketChanged);
  const other = preview.sell_type === SELL_TYPE.credit ? SELL_TYPE.cash : SELL_TYPE.credit;
  return (
    <Alert color="blue" icon={<IconInfoCircle size={18} aria-hidden />}>
      <Stack gap="xs" align="flex-start">
        <Text size="sm">
          {t('checkout.otherLines', {
            count: preview.other_lines,
            other: t(`checkout.sellType.${sellTypeName(other)}`),
          })}
        </Text>
        <Button
          size="xs"
          variant="light"
          loading={move.isPending}
          onClick={() =>
            move.mutate(preview.sell_type, {
              onError: (error) => notifyError(getErrorMessage(error)),
            })
          }
        >
          {t('checkout.moveLines', {
            count: preview.other_lines,
            type: t(`checkout.sellType.${sellTypeName(preview.sell_type)}`),
          })}
        </Button>
      </Stack>
    </Alert>
  );
};

const EmptyBasket = () => {
  const { t } = useTranslation();
  return (
    <Paper radius="lg" p="lg">
      <EmptyState
        py="xl"
        variant="light"
        icon={<IconShoppingCart size={32} stroke={1.5} aria-hidden />}
      >
        <EmptyState.Title order={2}>{t('checkout.empty.title')}</EmptyState.Title>
        <EmptyState.Description>{t('checkout.empty.description')}</EmptyState.Description>
        <EmptyState.Actions>
          <Button component={Link} to={paths.products.getHref()} variant="light">
            {t('checkout.empty.browse')}
          </Button>
        </EmptyState.Actions>
      </EmptyState>
    </Paper>
  );
};

/**
 * /pages/checkout: the basket priced for one way of paying (in the URL, so a reload keeps it;
 * the basket drawer hands over its choice), its totals, the credit it draws on, and "Place order".
 */
export const CheckoutPage = (props: CheckoutPageProps) => {
  const { t } = useTranslation();
  // admins may open the page (spec 2: any role) but only dealers and users buy
  if (!canShop(typeIdFromRole(getUserRole()))) {
    return (
      <>
        <PageHeader title={t('pages.checkout')} />
        <NotShopper />
      </>
    );
  }
  return <ShopperCheckout {...props} />;
};

const ShopperCheckout = ({
  onPlaced,
  onBasketChanged,
  preferredSellType,
  lineControls,
}: CheckoutPageProps) => {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const [searchParams, setSearchParams] = useSearchParams();
  const location = useLocation();
  const chosen =
    parseSellType(searchParams.get('sell_type')) ??
    parseSellType((location.state as { sellType?: unknown } | null)?.sellType);
  const waitsForPreference = chosen === undefined && preferredSellType === 'pending';
  const requested = chosen ?? (preferredSellType === 'pending' ? undefined : preferredSellType);
  const checkout = useCheckout(requested, { enabled: !waitsForPreference });
  const preview = checkout.data;
  // after 409 PRICE_CHANGED: the new review is shown in place of the old, with what changed,
  // for as long as it is the review on the page
  const [changed, setChanged] = useState<PriceChangedData | null>(null);
  const shownChanges =
    changed && preview && changed.review.quote === preview.quote ? changed : null;
  const keepNewReview = (data: PriceChangedData) => {
    queryClient.setQueryData(checkoutKeys.preview(requested, i18n.language), data.review);
    setChanged(data);
  };

  const chooseSellType = (value: SellType) => {
    setSearchParams({ sell_type: String(value) }, { replace: true });
    // the shopper's "Pay by" choice, as on the product pages: the next product page, "Buy more"
    // of an Adobe subscription among them, opens on it, not on cash (issue 33)
    setStoredSellType(value);
  };

  let body: React.ReactNode;
  if (waitsForPreference || checkout.isPending) {
    body = (
      <Stack gap="md" aria-busy>
        <Skeleton h={180} radius="lg" />
        <Skeleton h={220} radius="lg" />
      </Stack>
    );
  } else if (checkout.isError || !preview) {
    body = (
      <Alert color="red" role="alert" title={t('checkout.loadError')}>
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{getErrorMessage(checkout.error)}</Text>
          <Button size="xs" variant="white" color="red" onClick={() => void checkout.refetch()}>
            {t('actions.retry')}
          </Button>
        </Stack>
      </Alert>
    );
  } else if (preview.lines.length === 0 && preview.other_lines === 0) {
    body = <EmptyBasket />;
  } else if (preview.lines.length === 0) {
    body = <OtherLinesNote preview={preview} onBasketChanged={onBasketChanged} />;
  } else {
    const isCredit = preview.sell_type === SELL_TYPE.credit;
    const fits =
      !isCredit || !preview.credit || fitsCredit(preview.total_usd, preview.credit.remaining);
    const waitsForStock = preview.lines.some((line) => !line.in_stock);
    body = (
      <Stack gap="lg">
        {shownChanges ? <PriceChanges changes={shownChanges.changes} /> : null}
        <CheckoutLines lines={preview.lines} controls={lineControls} />
        {preview.other_lines > 0 ? (
          <OtherLinesNote preview={preview} onBasketChanged={onBasketChanged} />
        ) : null}
        {waitsForStock ? (
          <Alert color="blue" icon={<IconInfoCircle size={18} aria-hidden />}>
            {t('checkout.stockNote')}
          </Alert>
        ) : null}
        <SimpleGrid cols={{ base: 1, md: isCredit && preview.credit ? 2 : 1 }} spacing="lg">
          <Paper radius="lg" p="md" component="section" aria-labelledby="checkout-totals-title">
            <Title order={2} fz="md" id="checkout-totals-title" mb="sm">
              {t('checkout.totals.title')}
            </Title>
            <CheckoutTotals preview={preview} />
          </Paper>
          {isCredit && preview.credit ? (
            <CreditSummary credit={preview.credit} fits={fits} />
          ) : null}
        </SimpleGrid>
        <Group justify="flex-end">
          <Stack gap="sm" w={{ base: '100%', sm: 360 }}>
            {fits ? null : (
              <Alert color="red" role="alert" icon={<IconAlertTriangle size={18} aria-hidden />}>
                {t('errors.CREDIT_LIMIT')}
              </Alert>
            )}
            <PlaceOrderButton
              preview={preview}
              isStale={checkout.isFetching || checkout.isPlaceholderData}
              isBlocked={!fits}
              onPlaced={onPlaced}
              onPriceChanged={keepNewReview}
              confirmsChanges={shownChanges !== null}
            />
          </Stack>
        </Group>
      </Stack>
    );
  }

  return (
    <>
      <PageHeader
        title={t('pages.checkout')}
        description={t('checkout.page.description')}
        actions={
          preview && preview.allowed_sell_types.length > 0 ? (
            <SellTypePicker
              allowed={preview.allowed_sell_types}
              value={requested ?? preview.sell_type}
              onChange={chooseSellType}
            />
          ) : null
        }
      />
      {body}
    </>
  );
};
