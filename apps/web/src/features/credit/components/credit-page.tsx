import type { DealerCredit } from '@esd/shared/credit/credit.schemas';
import { formatUsd } from '@esd/shared/format/format';
import { Alert, Group, Paper, Progress, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from '@/components/load-failed';
import { PageHeader } from '@/components/page-header';
import { useCredit } from '../api/get-credit';
import { CreditChart } from './credit-chart';
import { CreditMovements, OpenCreditOrders } from './credit-tables';
import { isOverLimit, usedPercent } from './credit-words';

const Figure = ({ label, value, color }: { label: string; value: string; color?: string }) => (
  <Paper withBorder radius="md" p="md">
    <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
      {label}
    </Text>
    <Text fz="xl" fw={700} c={color} style={{ fontVariantNumeric: 'tabular-nums' }}>
      {value}
    </Text>
  </Paper>
);

/** Limit, used and remaining, and a bar of the used share of the limit. */
const CreditFigures = ({ credit }: { credit: DealerCredit }) => {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const percent = usedPercent(credit);
  const over = isOverLimit(credit);
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md">
        <Figure label={t('credit.figures.limit')} value={formatUsd(credit.limit, lang)} />
        <Figure label={t('credit.figures.used')} value={formatUsd(credit.used, lang)} />
        <Figure
          label={t('credit.figures.remaining')}
          value={formatUsd(credit.remaining, lang)}
          color={over ? 'red.9' : 'teal.9'}
        />
      </SimpleGrid>
      <Progress
        value={percent}
        color={over || percent >= 90 ? 'red.8' : 'grape.7'}
        size="lg"
        radius="xl"
        aria-label={t('credit.figures.bar', {
          percent,
          used: formatUsd(credit.used, lang),
          limit: formatUsd(credit.limit, lang),
        })}
      />
      <Group justify="space-between">
        <Text size="xs" c="dimmed">
          {t('credit.figures.usedShare', { percent })}
        </Text>
        <Text size="xs" c="dimmed">
          {t('credit.figures.note')}
        </Text>
      </Group>
      {over ? (
        <Alert color="red" role="status">
          {t('credit.figures.over')}
        </Alert>
      ) : null}
    </Stack>
  );
};

/** "My credit": a dealer's (or its end user's dealer's) credit, open orders, money and trend. */
export const CreditPage = ({ isEndUser }: { isEndUser: boolean }) => {
  const { t } = useTranslation();
  const query = useCredit();
  const credit = query.data;
  const header = (
    <PageHeader
      title={t('pages.credit')}
      description={
        credit && isEndUser
          ? t('credit.page.descriptionUser', { dealer: credit.dealer.name })
          : t('credit.page.description')
      }
    />
  );
  if (query.isPending)
    return (
      <>
        {header}
        <Stack gap="md" aria-busy>
          <Skeleton h={80} radius="md" />
          <Skeleton h={240} radius="md" />
        </Stack>
      </>
    );
  if (!credit)
    return (
      <>
        {header}
        <LoadFailed title={t('credit.page.loadError')} onRetry={() => void query.refetch()} />
      </>
    );
  return (
    <>
      {header}
      <Stack gap="lg">
        <CreditFigures credit={credit} />
        <CreditChart credit={credit} />
        <OpenCreditOrders credit={credit} showBuyer={!isEndUser} />
        <CreditMovements credit={credit} />
      </Stack>
    </>
  );
};
