import {
  formatAzn,
  formatDate,
  formatDecimalString,
  formatPercent,
  formatUsd,
} from '@esd/shared/format/format';
import type { QuoteChange } from '@esd/shared/orders/quote.rules';
import { type SellType, sellTypeName } from '@esd/shared/shop/pricing.rules';
import { Alert, Button, Group, List, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';

type Formatter = (value: string, lang: string) => string;

const usd: Formatter = formatUsd;
const azn: Formatter = (value, lang) => formatAzn(value, lang);
const percent: Formatter = (value, lang) => `${formatPercent(value, lang)}%`;
const plain: Formatter = (value) => value;

/** How each changed field is written, old and new alike. */
const formatOf: Record<QuoteChange['field'], Formatter> = {
  quantity: plain,
  line: plain,
  adobe: plain,
  unit_usd: usd,
  total_usd: usd,
  vat_usd: usd,
  total_usd_with_vat: usd,
  total_azn: azn,
  rate: (value, lang) => formatDecimalString(value, lang, 4),
  rate_date: formatDate,
  vat_percent: percent,
  surcharge_percent: percent,
  sell_type: plain,
};

/** A line's total and the order's total read apart: "total, AZN" against "total to pay, AZN". */
const labelKey = (change: QuoteChange) =>
  change.sku === null && (change.field === 'total_usd' || change.field === 'total_azn')
    ? (`checkout.changes.fields.order_${change.field}` as const)
    : (`checkout.changes.fields.${change.field}` as const);

const Value = ({ change, value }: { change: QuoteChange; value: string | null }) => {
  const { t, i18n } = useTranslation();
  if (value === null) {
    return (
      <Text span size="sm" c="dimmed">
        {change.field === 'line' ? t('checkout.changes.notInOrder') : '—'}
      </Text>
    );
  }
  if (change.field === 'sell_type') {
    return <>{t(`checkout.sellType.${sellTypeName(Number(value) as SellType)}`)}</>;
  }
  return <>{formatOf[change.field](value, i18n.language)}</>;
};

/**
 * After 409 PRICE_CHANGED: what differs from the review the buyer confirmed, line by line and
 * old → new. Nothing was ordered; the page below now shows the new review, which the buyer
 * confirms with "Place order" again, or leaves.
 */
export const PriceChanges = ({ changes }: { changes: QuoteChange[] }) => {
  const { t } = useTranslation();
  return (
    <Alert
      color="orange"
      role="alert"
      icon={<IconAlertTriangle size={18} aria-hidden />}
      title={t('checkout.changes.title')}
    >
      <Stack gap="sm">
        <Text size="sm">{t('checkout.changes.description')}</Text>
        <List
          listStyleType="none"
          spacing={6}
          aria-label={t('checkout.changes.caption')}
          styles={{ itemWrapper: { width: '100%' }, itemLabel: { width: '100%' } }}
        >
          {changes.map((change) => (
            <List.Item key={`${change.basket_item_id ?? 'order'}:${change.field}`}>
              <Group justify="space-between" gap="xs" wrap="wrap" align="baseline">
                <Text size="sm">
                  {change.sku ? (
                    <Text span size="sm" fw={600}>
                      {change.sku}:{' '}
                    </Text>
                  ) : null}
                  {t(labelKey(change))}
                </Text>
                <Text size="sm" style={tabular} ta="right" ml="auto">
                  <Text span size="sm" c="dimmed" td="line-through">
                    <Value change={change} value={change.before} />
                  </Text>
                  {' → '}
                  <Text span size="sm" fw={700}>
                    <Value change={change} value={change.after} />
                  </Text>
                </Text>
              </Group>
            </List.Item>
          ))}
        </List>
        <Group gap="xs">
          <Button component={Link} to={paths.products.getHref()} variant="default" size="xs">
            {t('checkout.changes.leave')}
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
};

const tabular = { fontVariantNumeric: 'tabular-nums' } as const;
