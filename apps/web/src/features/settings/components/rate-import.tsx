import type { RateImportResult } from '@esd/shared/catalogue/settings.schemas';
import { Alert, Button, FileButton, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import { IconCircleCheck, IconFileImport } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/lib/api-error';
import { formatDecimalString } from '@/lib/format';
import { getErrorMessage } from '@/lib/notify';
import { RATES_FILE_MAX_BYTES, useImportExchangeRate } from '../api/import-exchange-rate';
import { formatRateDate } from './rate-dates';

/** Uploads the Central Bank of Azerbaijan daily XML (e.g. 21.11.2026.xml) and says what it set. */
export const RateImport = () => {
  const { t, i18n } = useTranslation();
  const importRate = useImportExchangeRate();
  const [progress, setProgress] = useState(0);
  const [result, setResult] = useState<RateImportResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  // cleared after each choice, so choosing the same file again uploads it again
  const resetFile = useRef<() => void>(null);

  const upload = (file: File | null) => {
    setResult(null);
    setError(null);
    resetFile.current?.();
    if (!file) return;
    if (file.size > RATES_FILE_MAX_BYTES) {
      setError(t('settings.rates.import.tooLarge'));
      return;
    }
    setProgress(0);
    importRate.mutate(
      { file, onProgress: setProgress },
      {
        onSuccess: setResult,
        onError: (failure) =>
          setError(
            // the server says what is wrong with the file (no USD rate, not the bank's format)
            isApiError(failure) && failure.errorName === 'INVALID_FILE'
              ? failure.message
              : getErrorMessage(failure),
          ),
      },
    );
  };

  return (
    <Paper radius="lg" p="md" component="section" aria-labelledby="rate-import-heading">
      <Title order={2} size="h5" id="rate-import-heading">
        {t('settings.rates.import.heading')}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {t('settings.rates.import.hint')}
      </Text>
      <Stack gap="sm">
        <FileButton onChange={upload} resetRef={resetFile} accept=".xml,text/xml,application/xml">
          {(props) => (
            <Button
              {...props}
              variant="light"
              leftSection={<IconFileImport size={18} aria-hidden />}
              loading={importRate.isPending}
              style={{ alignSelf: 'flex-start' }}
            >
              {t('settings.rates.import.button')}
            </Button>
          )}
        </FileButton>
        {importRate.isPending ? (
          <Progress
            value={Math.round(progress * 100)}
            animated
            striped
            aria-label={t('settings.rates.import.progress', {
              percent: Math.round(progress * 100),
            })}
          />
        ) : null}
        {result ? (
          <Alert
            color="teal"
            icon={<IconCircleCheck size={18} aria-hidden />}
            role="status"
            title={t('settings.rates.import.done')}
          >
            {t('settings.rates.import.result', {
              date: formatRateDate(result.date, i18n.language),
              rate: formatDecimalString(result.rate, i18n.language, 4),
              state: t(
                result.replaced ? 'settings.rates.import.replaced' : 'settings.rates.import.new',
              ),
            })}
          </Alert>
        ) : null}
        {error ? (
          <Alert color="red" role="alert" title={t('settings.rates.import.failed')}>
            {error}
          </Alert>
        ) : null}
      </Stack>
    </Paper>
  );
};
