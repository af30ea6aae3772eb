import { formatDecimalString } from '@esd/shared/format/format';
import { Alert } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useRateStatus } from '../api/get-rate-status';
import { formatRateDate } from './rate-dates';

/**
 * Past RATE_DUE_AT (noon, Baku) without today's rate: which rate prices use meanwhile, and what
 * to do. The global admins were mailed the same.
 */
export const RateMissingAlert = () => {
  const { t, i18n } = useTranslation();
  const status = useRateStatus().data;
  if (!status?.overdue) return null;
  const lang = i18n.language;
  return (
    <Alert
      color="orange"
      variant="light"
      icon={<IconAlertTriangle aria-hidden />}
      title={t('settings.rates.missing.title', { date: formatRateDate(status.today, lang) })}
    >
      {status.in_use
        ? t('settings.rates.missing.inUse', {
            date: formatRateDate(status.in_use.date, lang),
            rate: formatDecimalString(status.in_use.rate, lang, 4),
          })
        : t('settings.rates.missing.none')}{' '}
      {status.fetch_enabled ? `${t('settings.rates.missing.fetchFailed')} ` : ''}
      {t('settings.rates.missing.action')}
    </Alert>
  );
};
