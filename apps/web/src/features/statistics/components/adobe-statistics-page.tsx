import {
  ADOBE_STATISTICS_MONTH_CHOICES,
  type AdobeStatistics,
} from '@esd/shared/statistics/adobe-statistics.schemas';
import { Group, SimpleGrid, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { type ChoiceProps, LabelledChoice } from '@/components/labelled-choice';
import { LoadFailed } from '@/components/load-failed';
import { PageHeader } from '@/components/page-header';
import { useAdobeStatistics } from '../api/get-adobe-statistics';
import { AdobeKpiCards } from './adobe-kpi-cards';
import { AdobeSalesChart } from './adobe-sales-chart';
import { AdobeShareDonuts } from './adobe-share-donuts';
import { AdobeTopCustomers } from './adobe-top-customers';
import { SalesExportButtons } from './sales-export-buttons';
import { SalesEmptyState, SalesLoadingState } from './sales-parts';

type MonthChoice = (typeof ADOBE_STATISTICS_MONTH_CHOICES)[number];
const DEFAULT_MONTHS: MonthChoice = 12;

const readMonths = (value: string | null): MonthChoice =>
  ADOBE_STATISTICS_MONTH_CHOICES.find((choice) => String(choice) === value) ?? DEFAULT_MONTHS;

const MonthsControl = ({ value, onChange }: ChoiceProps<MonthChoice>) => {
  const { t } = useTranslation();
  return (
    <LabelledChoice
      label={t('statistics.adobe.period.label')}
      data={ADOBE_STATISTICS_MONTH_CHOICES.map((months) => ({
        value: String(months),
        label: t('statistics.adobe.period.months', { months }),
      }))}
      value={String(value)}
      onChange={(next) => onChange(readMonths(next))}
    />
  );
};

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
        <SalesLoadingState />
      ) : (
        <div
          aria-busy={statistics.isPlaceholderData}
          style={{ opacity: statistics.isPlaceholderData ? 0.6 : 1, transition: 'opacity 150ms' }}
        >
          {data.totals.orders === 0 ? (
            <SalesEmptyState
              title={t('statistics.adobe.empty.title', { months: data.months.length })}
              description={t('statistics.adobe.empty.description')}
            />
          ) : (
            <Statistics data={data} />
          )}
        </div>
      )}
    </>
  );
};
