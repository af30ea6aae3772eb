import {
  RATE_REASON_MAX,
  type RateImportPreview,
  type RateImportResult,
  rateChangeReasonSchema,
} from '@esd/shared/catalogue/settings.schemas';
import { formatDecimalString } from '@esd/shared/format/format';
import {
  Alert,
  Button,
  FileButton,
  Group,
  Paper,
  Progress,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconCircleCheck, IconFileImport } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ReasonField } from '@/components/reason-field';
import { isApiError } from '@/lib/api-error';
import { getErrorMessage } from '@/lib/notify';
import { RATES_FILE_MAX_BYTES, useImportExchangeRate } from '../api/import-exchange-rate';
import { usePreviewExchangeRateImport } from '../api/preview-exchange-rate-import';
import { formatRateDate } from './rate-dates';

/** The parts of the bank's file a refusal names (`data.field`), each with its own words. */
const FILE_PARTS = ['xml', 'ValCurs', 'Date', 'ValType', 'USD', 'Nominal', 'Value'] as const;
type FilePart = (typeof FILE_PARTS)[number];
const filePartOf = (field: unknown): FilePart | null => {
  const part = field === 'ValCurs.Date' ? 'Date' : field;
  return FILE_PARTS.find((known) => known === part) ?? null;
};

/**
 * What is wrong with a refused file: the server's own words in English (they name the value
 * too), the part of the file in the reader's language otherwise; else the usual message.
 */
const useRefusalOf = () => {
  const { t, i18n } = useTranslation();
  return (failure: unknown) => {
    if (
      !isApiError(failure) ||
      (failure.errorName !== 'INVALID_FILE' && failure.errorName !== 'VALIDATION_FAILED')
    )
      return getErrorMessage(failure);
    const part = filePartOf((failure.data as { field?: unknown } | undefined)?.field);
    if (part === null || i18n.language === 'en') return failure.message;
    return t(`settings.rates.import.refused.${part}`);
  };
};

/**
 * Imports the Central Bank of Azerbaijan daily XML (e.g. 21.11.2026.xml): the file is checked
 * and its change shown first (day, stored rate → the file's, or new); the admin confirms it,
 * with a reason when it changes a stored rate.
 */
export const RateImport = () => {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const refusalOf = useRefusalOf();
  const previewImport = usePreviewExchangeRateImport();
  const importRate = useImportExchangeRate();
  const [progress, setProgress] = useState(0);
  const [pending, setPending] = useState<{ file: File; preview: RateImportPreview } | null>(null);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const [result, setResult] = useState<RateImportResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  // cleared after each choice, so choosing the same file again checks it again
  const resetFile = useRef<() => void>(null);

  const start = (file: File | null) => {
    setResult(null);
    setError(null);
    setPending(null);
    setReason('');
    setReasonError(null);
    resetFile.current?.();
    if (!file) return;
    if (file.size > RATES_FILE_MAX_BYTES) {
      setError(t('settings.rates.import.tooLarge'));
      return;
    }
    previewImport.mutate(file, {
      onSuccess: (preview) => setPending({ file, preview }),
      onError: (failure) => setError(refusalOf(failure)),
    });
  };

  const confirm = () => {
    if (!pending) return;
    const isChange = pending.preview.change === 'change';
    if (isChange && !rateChangeReasonSchema.safeParse(reason).success) {
      setReasonError(t('settings.rates.reason.invalid'));
      return;
    }
    setProgress(0);
    importRate.mutate(
      { file: pending.file, onProgress: setProgress, ...(isChange ? { reason } : {}) },
      {
        onSuccess: (imported) => {
          setResult(imported);
          setPending(null);
          setReason('');
        },
        onError: (failure) => {
          if (isApiError(failure) && (failure.data as { field?: string })?.field === 'reason')
            setReasonError(t('settings.rates.reason.invalid'));
          else setError(refusalOf(failure));
        },
      },
    );
  };

  const preview = pending?.preview;
  const previewText = preview
    ? t(`settings.rates.import.preview.${preview.change}`, {
        date: formatRateDate(preview.date, lang),
        rate: formatDecimalString(preview.rate, lang, 4),
        current: preview.current ? formatDecimalString(preview.current.rate, lang, 4) : '',
      })
    : '';

  return (
    <Paper radius="lg" p="md" component="section" aria-labelledby="rate-import-heading">
      <Title order={2} size="h5" id="rate-import-heading">
        {t('settings.rates.import.heading')}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {t('settings.rates.import.hint')}
      </Text>
      <Stack gap="sm">
        <FileButton onChange={start} resetRef={resetFile} accept=".xml,text/xml,application/xml">
          {(props) => (
            <Button
              {...props}
              variant="light"
              leftSection={<IconFileImport size={18} aria-hidden />}
              loading={previewImport.isPending}
              disabled={importRate.isPending}
              style={{ alignSelf: 'flex-start' }}
            >
              {t('settings.rates.import.button')}
            </Button>
          )}
        </FileButton>
        {preview ? (
          <Alert
            color={preview.change === 'change' ? 'orange' : 'blue'}
            role="status"
            title={t('settings.rates.import.preview.title')}
          >
            <Stack gap="xs">
              <Text size="sm" fw={600} style={{ fontVariantNumeric: 'tabular-nums' }}>
                {previewText}
              </Text>
              {preview.change === 'change' ? (
                <ReasonField
                  label={t('settings.rates.reason.label')}
                  description={t('settings.rates.reason.hint')}
                  max={RATE_REASON_MAX}
                  value={reason}
                  error={reasonError}
                  onChange={(event) => {
                    setReason(event.currentTarget.value);
                    setReasonError(null);
                  }}
                />
              ) : null}
              <Group gap="xs">
                {preview.change === 'same' ? null : (
                  <Button size="xs" onClick={confirm} loading={importRate.isPending}>
                    {t('settings.rates.import.confirm')}
                  </Button>
                )}
                <Button
                  size="xs"
                  variant="default"
                  disabled={importRate.isPending}
                  onClick={() => start(null)}
                >
                  {t(
                    preview.change === 'same'
                      ? 'settings.rates.import.close'
                      : 'settings.rates.import.cancel',
                  )}
                </Button>
              </Group>
            </Stack>
          </Alert>
        ) : null}
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
              date: formatRateDate(result.date, lang),
              rate: formatDecimalString(result.rate, lang, 4),
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
