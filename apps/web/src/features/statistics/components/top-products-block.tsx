import { formatAzn, formatNumber, formatUsd } from '@esd/shared/format/format';
import type { TopProducts } from '@esd/shared/statistics/sales-statistics.schemas';
import {
  Anchor,
  Group,
  Paper,
  Progress,
  Skeleton,
  Stack,
  Table,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconTrophy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type DateRange, useTopProducts } from '../api/sales-statistics';

const cents = (value: string) => BigInt(value.replace('.', ''));

/** Width of a bar relative to the largest amount, for display only. */
const barOf = (value: string, max: string) =>
  cents(max) === 0n ? 0 : Number((cents(value) * 1000n) / cents(max)) / 10;

type TopProductsBlockProps = {
  range: DateRange;
  /** fewer columns (no AZN) */
  compact?: boolean;
  moreHref?: string;
};

/** "12 licences, $1,200.00": the licences take the plural form of their count. */
export const useBestSellerFigures = () => {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  return (best: NonNullable<TopProducts['best_seller']>) =>
    t('statistics.sales.top.bestSellerFigures', {
      count: best.quantity,
      licences: formatNumber(best.quantity, lang),
      amount: formatUsd(best.amount_usd, lang),
    });
};

/** The best seller of the range (row 1 of the top 5: the largest amount) with its figures. */
const BestSeller = ({ best }: { best: NonNullable<TopProducts['best_seller']> }) => {
  const { t } = useTranslation();
  const figures = useBestSellerFigures();
  return (
    <Group gap="sm" wrap="nowrap" align="center">
      <ThemeIcon color="yellow" variant="light" radius="xl" size={40} aria-hidden>
        <IconTrophy size={22} />
      </ThemeIcon>
      <div style={{ minWidth: 0 }}>
        <Text size="xs" c="dimmed" fw={600} tt="uppercase">
          {t('statistics.sales.top.bestSeller')}
        </Text>
        <Text fw={700} lineClamp={2}>
          {best.title}
        </Text>
        <Text size="sm" c="dimmed">
          {figures(best)}
        </Text>
      </div>
    </Group>
  );
};

/** A phone (below 600 px) has room for the USD column only, as a compact block has. */
const PHONE_QUERY = '(max-width: 37.5em)';

/** The top 5 by amount (USD excl. VAT) with their bars. */
export const TopProductsTable = (props: { data: TopProducts; compact: boolean }) => {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const { data } = props;
  const isPhone = useMediaQuery(PHONE_QUERY, false, { getInitialValueInEffect: false });
  const compact = props.compact || isPhone;
  const max = data.top[0]?.amount_usd ?? '0.00';
  return (
    <Table.ScrollContainer
      minWidth={compact ? 300 : 520}
      type="native"
      tabIndex={0}
      role="region"
      aria-label={t('statistics.sales.top.caption')}
    >
      <Table fz="sm" verticalSpacing={6}>
        <Table.Caption>{t('statistics.sales.top.caption')}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={28}>#</Table.Th>
            <Table.Th>{t('statistics.sales.fields.product')}</Table.Th>
            <Table.Th ta="right">{t('statistics.sales.fields.licences')}</Table.Th>
            <Table.Th ta="right">{t('statistics.sales.fields.usd')}</Table.Th>
            {compact ? null : <Table.Th ta="right">{t('statistics.sales.fields.azn')}</Table.Th>}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {data.top.map((p, index) => (
            <Table.Tr key={p.product_id}>
              <Table.Td>{index + 1}</Table.Td>
              <Table.Th scope="row" fw={500}>
                <Text size="sm" lineClamp={1}>
                  {p.title}
                </Text>
                <Progress
                  value={barOf(p.amount_usd, max)}
                  size="sm"
                  mt={4}
                  color="indigo"
                  aria-hidden
                />
              </Table.Th>
              <Table.Td ta="right">{formatNumber(p.quantity, lang)}</Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                {formatUsd(p.amount_usd, lang)}
              </Table.Td>
              {compact ? null : (
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                  {formatAzn(p.amount_azn, lang)}
                </Table.Td>
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
};

const Body = ({ data, compact }: { data: TopProducts; compact: boolean }) => {
  const { t } = useTranslation();
  if (!data.best_seller) return <Text c="dimmed">{t('statistics.sales.top.empty')}</Text>;
  return (
    <Stack gap="sm">
      <BestSeller best={data.best_seller} />
      <TopProductsTable data={data} compact={compact} />
    </Stack>
  );
};

/**
 * The top 5 products by amount (USD excl. VAT) with their bars, and the best seller (their
 * first) of the range, as the viewer's scope sees them: the statistics pages' block.
 */
export const TopProductsBlock = ({ range, compact = false, moreHref }: TopProductsBlockProps) => {
  const { t } = useTranslation();
  const top = useTopProducts(range);
  return (
    <Paper radius="lg" p="md" withBorder component="section" aria-labelledby="top-products-title">
      <Group justify="space-between" mb="sm" gap="xs">
        <Title order={2} size="h4" id="top-products-title">
          {t('statistics.sales.top.title')}
        </Title>
        {moreHref ? (
          <Anchor component={Link} to={moreHref} size="sm">
            {t('statistics.sales.top.more')}
          </Anchor>
        ) : null}
      </Group>
      {top.data ? (
        <Body data={top.data} compact={compact} />
      ) : top.isError ? (
        <Text c="red" size="sm">
          {t('statistics.sales.error')}
        </Text>
      ) : (
        <Stack gap="xs" aria-hidden>
          <Skeleton h={40} />
          <Skeleton h={compact ? 120 : 180} />
        </Stack>
      )}
    </Paper>
  );
};
