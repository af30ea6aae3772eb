import { formatUsd } from '@esd/shared/format/format';
import { compareMoney, fromCents, toCents } from '@esd/shared/shop/money';
import { Progress, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { percentReached } from './target-percent';

export const TargetProgress = ({ achieved, target }: { achieved: string; target: string }) => {
  const { t, i18n } = useTranslation();
  const percent = percentReached(achieved, target);
  const isReached = compareMoney(achieved, target) >= 0;
  const label = t('targets.table.progressLabel', {
    achieved: formatUsd(fromCents(toCents(achieved)), i18n.language),
    percent,
  });
  return (
    <Stack gap={4} miw={140}>
      <Progress
        value={Math.min(percent, 100)}
        color={isReached ? 'teal' : 'blue'}
        size="md"
        radius="xl"
        aria-label={label}
      />
      <Text size="xs" c="dimmed">
        {label}
      </Text>
    </Stack>
  );
};
