import { formatNumber, formatUsd } from '@esd/shared/format/format';
import type { AdobeStatistics } from '@esd/shared/statistics/adobe-statistics.schemas';
import { Group, Paper, Text, ThemeIcon } from '@mantine/core';
import {
  IconBuildingStore,
  IconCurrencyDollar,
  IconLicense,
  IconReceipt,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { type Kpi, KpiGrid } from './kpi-grid';

/** The Adobe page's card: the icon beside the label and value, a fixed size for the value. */
const AdobeKpi = ({ label, value, hint, icon, color }: Kpi) => (
  <Paper radius="lg" p="md" withBorder>
    <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
      {/* the label first for screen readers: "Orders 12" */}
      <div>
        <Text size="sm" c="dimmed" fw={500}>
          {label}
        </Text>
        {/* an amount never breaks inside: on phones the icon gives way to it */}
        <Text fz={{ base: 20, sm: 26 }} fw={700} lh={1.2} mt={4} style={{ whiteSpace: 'nowrap' }}>
          {value}
        </Text>
        {hint ? (
          <Text size="xs" c="dimmed" mt={2}>
            {hint}
          </Text>
        ) : null}
      </div>
      <ThemeIcon variant="light" color={color} size={38} radius="md" aria-hidden visibleFrom="sm">
        {icon}
      </ThemeIcon>
    </Group>
  </Paper>
);

/** Orders, licences, USD (VAT excluded) and customers of the chosen months. */
export const AdobeKpiCards = ({ data }: { data: AdobeStatistics }) => {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  return (
    <KpiGrid
      Card={AdobeKpi}
      kpis={[
        {
          label: t('statistics.adobe.kpi.orders'),
          value: formatNumber(data.totals.orders, lang),
          icon: <IconReceipt size={20} />,
          color: 'indigo',
        },
        {
          label: t('statistics.adobe.kpi.licences'),
          value: formatNumber(data.totals.licences, lang),
          icon: <IconLicense size={20} />,
          color: 'teal',
        },
        {
          label: t('statistics.adobe.kpi.totalUsd'),
          value: formatUsd(data.totals.total_usd, lang),
          hint: t('statistics.adobe.kpi.vatExcluded'),
          icon: <IconCurrencyDollar size={20} />,
          color: 'grape',
        },
        {
          label: t('statistics.adobe.kpi.customers'),
          value: formatNumber(data.customers.total, lang),
          hint:
            data.customers.without_orders > 0
              ? t('statistics.adobe.kpi.withoutOrders', {
                  customers: formatNumber(data.customers.without_orders, lang),
                })
              : undefined,
          icon: <IconBuildingStore size={20} />,
          color: 'orange',
        },
      ]}
    />
  );
};
