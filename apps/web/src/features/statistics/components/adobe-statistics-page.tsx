import {
  ADOBE_STATISTICS_MONTH_CHOICES,
  type AdobeStatistics,
} from '@esd/shared/statistics/adobe-statistics.schemas';
import {
  Group,
  Paper,
  SegmentedControl,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconChartBar } from '@tabler/icons-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { LoadFailed } from '@/components/load-failed';
import { PageHeader } from '@/components/page-header';
import { useAdobeStatistics } from '../api/get-adobe-statistics';
import { AdobeKpiCards } from './adobe-kpi-cards';
import { AdobeSalesChart } from './adobe-sales-chart';
import { AdobeShareDonuts } from './adobe-share-donuts';
import { AdobeTopCustomers } from './adobe-top-customers';
import { SalesExportButtons } from './sales-export-buttons';

type MonthChoice = (typeof ADOBE_STATISTICS_MONTH_CHOICES)[number];
const DEFAULT_MONTHS: MonthChoice = 12;

const readMonths = (value: string | null): MonthChoice =>
  ADOBE_STATISTICS_MONTH_CHOICES.find((choice) => String(choice) === value) ?? DEFAULT_MONTHS;

const MonthsControl = ({
  value,
  onChange,
}: {
  value: MonthChoice;
  onChange: (value: MonthChoice) => void;
}) => {
  const { t } = useTranslation();
  const labelId = useId();
  return (
    <Group gap="xs" wrap="nowrap">
      <Text id={labelId} size="sm" fw={500}>
        {t('statistics.adobe.period.label')}
      </Text>
      <SegmentedControl
        aria-labelledby={labelId}
        data={ADOBE_STATISTICS_MONTH_CHOICES.map((months) => ({
          value: String(months),
          label: t('statistics.adobe.period.months', { months }),
        }))}
        value={String(value)}
        onChange={(next) => onChange(readMonths(next))}
      />
    </Group>
  );
};

const EmptyState = ({ months }: { months: number }) => {
  const { t } = useTranslation();
  return (
    <Paper radius="lg" p="xl" withBorder>
      <Stack align="center" ta="center" gap="sm" py="lg">
        <ThemeIcon variant="light" color="indigo" size={56} radius="xl" aria-hidden>
          <IconChartBar size={30} />
        </ThemeIcon>
        <Title order={2} size="h4">
          {t('statistics.adobe.empty.title', { months })}
        </Title>
        <Text c="dimmed" maw={460}>
          {t('statistics.adobe.empty.description')}
        </Text>
      </Stack>
    </Paper>
  );
};

const LoadingState = () => (
  <Stack gap="md" aria-hidden>
    <SimpleGrid cols={{ base: 2, md: 4 }} spacing="md">
      {[1, 2, 3, 4].map((n) => (
        <Skeleton key={n} h={92} radius="lg" />
      ))}
    </SimpleGrid>
    <Skeleton h={300} radius="lg" />
  </Stack>
);

const Statistics = ({ data }: { data: AdobeStatistics }) => (
  <Stack gap="md">
    <AdobeKpiCards data={data} />
    <AdobeSalesChart months={data.months} totals={data.totals} />
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
      <AdobeShareDonuts data={data} />
    </SimpleGrid>
    <AdobeTopCustomers rows={data.top_customers} />
  </Stack>
);

/**
 * /pages/statistic/adobe: Adobe sales the viewer may see (a global admin all, a local
 * admin its countries, a dealer its own), over the months chosen in the URL (`?months=`).
 */
export const AdobeStatisticsPage = () => {
  const { t } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  const months = readMonths(searchParams.get('months'));
  const statistics = useAdobeStatistics(months);
  const data = statistics.data;

  return (
    <>
      <PageHeader
        title={t('pages.statisticAdobe')}
        description={t('statistics.adobe.description')}
        actions={
          <Group gap="sm">
            <MonthsControl
              value={months}
              onChange={(next) =>
                setSearchParams(next === DEFAULT_MONTHS ? {} : { months: String(next) }, {
                  replace: true,
                })
              }
            />
            <SalesExportButtons page="adobe" params={{ months }} />
          </Group>
        }
      />
      {statistics.isError && !data ? (
        <LoadFailed title={t('statistics.adobe.error')} onRetry={() => void statistics.refetch()} />
      ) : !data ? (
        <LoadingState />
      ) : (
        <div
          aria-busy={statistics.isPlaceholderData}
          style={{ opacity: statistics.isPlaceholderData ? 0.6 : 1, transition: 'opacity 150ms' }}
        >
          {data.totals.orders === 0 ? (
            <EmptyState months={data.months.length} />
          ) : (
            <Statistics data={data} />
          )}
        </div>
      )}
    </>
  );
};
