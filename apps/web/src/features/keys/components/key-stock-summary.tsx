import { Alert, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useKeyStock } from '../api/get-key-stock';
import { useFormatCount } from './use-format-count';

// the most a stock page holds; low products beyond it are counted but not summed
const LOW_PAGE = { page: 1, perPage: 100, low: true } as const;

/** Says how many products run low and how many paid licences wait for keys. */
export const KeyStockSummary = () => {
  const { t } = useTranslation();
  const formatCount = useFormatCount();
  const low = useKeyStock(LOW_PAGE);
  const items = low.data?.items ?? [];
  const lowCount = low.data?.total ?? 0;
  const waiting = items.filter((item) => item.waiting > 0);
  const licences = waiting.reduce((sum, item) => sum + item.waiting, 0);
  if (lowCount === 0) return null;

  return (
    <Alert
      color={waiting.length > 0 ? 'red' : 'orange'}
      variant="light"
      mb="md"
      icon={<IconAlertTriangle size={20} aria-hidden />}
      // the light variant's orange title is too pale on its background (WCAG contrast)
      styles={{ title: { color: 'var(--mantine-color-text)' } }}
      title={t('keys.stock.summary.lowTitle', { products: formatCount(lowCount) })}
      role="status"
    >
      {waiting.length > 0 ? (
        <Text size="sm" fw={600}>
          {t('keys.stock.summary.waitingText', {
            licences: formatCount(licences),
            products: formatCount(waiting.length),
          })}
        </Text>
      ) : null}
      <Text size="sm">{t('keys.stock.summary.lowText')}</Text>
    </Alert>
  );
};
