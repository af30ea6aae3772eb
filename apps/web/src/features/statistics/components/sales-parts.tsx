import { formatAzn, formatDecimalString, formatUsd } from '@esd/shared/format/format';
import { Group, Paper, SimpleGrid, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconChartBar } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { type ChoiceProps, LabelledChoice } from '@/components/labelled-choice';
import { LoadFailed } from '@/components/load-failed';

export type Currency = 'usd' | 'azn';

/** '?currency=azn' or USD. */
export const readCurrency = (value: string | null): Currency => (value === 'azn' ? 'azn' : 'usd');

/** An exact amount in the chosen currency: '$1,234.50' or '1 234,50 AZN'. */
export const formatMoneyIn = (currency: Currency, value: string, lang: string) =>
  currency === 'usd' ? formatUsd(value, lang) : formatAzn(value, lang);

/** A percentage string with one decimal in the reader's locale, signed for changes. */
export const formatShare = (value: string, lang: string, signed = false) =>
  `${signed && !value.startsWith('-') && value !== '0.0' ? '+' : ''}${formatDecimalString(value, lang, 1)}\u00a0%`;

export const CurrencyControl = ({ value, onChange }: ChoiceProps<Currency>) => {
  const { t } = useTranslation();
  return (
    <LabelledChoice
      above
      label={t('statistics.sales.currency.label')}
      data={[
        { value: 'usd', label: t('statistics.sales.currency.usd') },
        { value: 'azn', label: t('statistics.sales.currency.azn') },
      ]}
      value={value}
      onChange={(next) => onChange(readCurrency(next))}
    />
  );
};

type StatCardProps = {
  label: string;
  value: string;
  hint?: ReactNode;
  icon: ReactNode;
  color: string;
};

/**
 * A KPI card. The icon sits beside the label, so the value has the card's whole width; its size
 * follows the card's width (container units) and a long amount wraps before its currency.
 */
export const StatCard = ({ label, value, hint, icon, color }: StatCardProps) => (
  <Paper radius="lg" p="md" withBorder style={{ containerType: 'inline-size', minWidth: 0 }}>
    <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
      <Text size="sm" c="dimmed" fw={500} style={{ minWidth: 0 }}>
        {label}
      </Text>
      <ThemeIcon variant="light" color={color} size={30} radius="md" aria-hidden visibleFrom="sm">
        {icon}
      </ThemeIcon>
    </Group>
    <Text
      fw={700}
      lh={1.2}
      mt={4}
      style={{ fontSize: 'clamp(1rem, 12cqw, 1.5rem)', overflowWrap: 'anywhere' }}
    >
      {value}
    </Text>
    {hint ? (
      <Text size="xs" c="dimmed" mt={2} component="div">
        {hint}
      </Text>
    ) : null}
  </Paper>
);

export const SalesEmptyState = ({ title, description }: { title: string; description: string }) => (
  <Paper radius="lg" p="xl" withBorder>
    <Stack align="center" ta="center" gap="sm" py="lg">
      <ThemeIcon variant="light" color="indigo" size={56} radius="xl" aria-hidden>
        <IconChartBar size={30} />
      </ThemeIcon>
      <Title order={2} size="h4">
        {title}
      </Title>
      <Text c="dimmed" maw={460}>
        {description}
      </Text>
    </Stack>
  </Paper>
);

export const SalesLoadingState = () => (
  <Stack gap="md" aria-hidden>
    <SimpleGrid cols={{ base: 2, md: 4 }} spacing="md">
      {[1, 2, 3, 4].map((n) => (
        <Skeleton key={n} h={92} radius="lg" />
      ))}
    </SimpleGrid>
    <Skeleton h={300} radius="lg" />
  </Stack>
);

export const SalesErrorState = ({ onRetry }: { onRetry: () => void }) => {
  const { t } = useTranslation();
  return <LoadFailed title={t('statistics.sales.error')} onRetry={onRetry} />;
};

/** Dims the figures while another range loads, keeping them in place. */
export const Refreshing = ({ busy, children }: { busy: boolean; children: ReactNode }) => (
  <div aria-busy={busy} style={{ opacity: busy ? 0.6 : 1, transition: 'opacity 150ms' }}>
    {children}
  </div>
);
