import type { KeyImportReport, KeyStock } from '@esd/shared/orders/orders.schemas';
import { Alert, Button, FileInput, Group, Progress, Stack, Text } from '@mantine/core';
import { IconFileImport } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogModal } from '@/components/dialog-modal';
import { getErrorMessage } from '@/lib/notify';
import { KEY_FILE_ACCEPT, KEY_FILE_MAX_BYTES, useImportKeys } from '../api/import-keys';
import { KeyImportReportView } from './key-import-report';
import { useFormatCount } from './use-format-count';

type KeyImportModalProps = { product: KeyStock | null; onClose: () => void };

/** Picks a key file for one product, shows the upload, then the server's report. */
export const KeyImportModal = ({ product, onClose }: KeyImportModalProps) => {
  const { t } = useTranslation();
  const formatCount = useFormatCount();
  const importKeys = useImportKeys();
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState(0);
  const [report, setReport] = useState<KeyImportReport | null>(null);
  const [error, setError] = useState<string | null>(null);
  const { reset } = importKeys;

  // a new product starts from an empty dialog
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when another product is chosen
  useEffect(() => {
    setFile(null);
    setReport(null);
    setError(null);
    setProgress(0);
    reset();
  }, [product?.product_id]);

  const choose = (next: File | null) => {
    setFile(next);
    setReport(null);
    setError(next && next.size > KEY_FILE_MAX_BYTES ? t('keys.import.tooLarge') : null);
  };

  const submit = () => {
    if (!product || !file || file.size > KEY_FILE_MAX_BYTES) return;
    setError(null);
    setProgress(0);
    importKeys.mutate(
      { productId: product.product_id, file, onProgress: setProgress },
      {
        onSuccess: (result) => {
          setReport(result);
          setFile(null);
        },
        // the server says what is wrong with the file (type, format, product)
        onError: (failure) => setError(getErrorMessage(failure)),
      },
    );
  };

  const percent = Math.round(progress * 100);
  const isProcessing = importKeys.isPending && progress >= 1;

  return (
    <DialogModal
      opened={product !== null}
      onClose={importKeys.isPending ? () => {} : onClose}
      title={t('keys.import.title', { sku: product?.sku ?? '' })}
      size="lg"
    >
      <Stack gap="md">
        <Text size="sm">
          {t('keys.import.product', {
            title: product?.FullTitle ?? '',
            available: formatCount(report?.available ?? product?.available ?? 0),
          })}
        </Text>
        {report ? <KeyImportReportView report={report} /> : null}
        {report ? null : (
          <FileInput
            label={t('keys.import.file')}
            description={t('keys.import.fileHint')}
            placeholder={t('keys.import.filePlaceholder')}
            accept={KEY_FILE_ACCEPT}
            value={file}
            onChange={choose}
            disabled={importKeys.isPending}
            leftSection={<IconFileImport size={16} aria-hidden />}
            // FileInput draws its placeholder as text: the default grey fails WCAG contrast
            styles={{ placeholder: { color: 'var(--mantine-color-gray-7)' } }}
            clearable
          />
        )}
        {importKeys.isPending ? (
          <Stack gap={4}>
            <Progress
              value={isProcessing ? 100 : percent}
              animated={isProcessing}
              striped={isProcessing}
              aria-label={t('keys.import.progress', { percent })}
            />
            <Text size="sm" c="dimmed" role="status">
              {isProcessing ? t('keys.import.processing') : t('keys.import.uploading', { percent })}
            </Text>
          </Stack>
        ) : null}
        {error ? (
          <Alert color="red" role="alert" title={t('keys.import.failed')}>
            {error}
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={importKeys.isPending}>
            {t('actions.close')}
          </Button>
          {report ? (
            <Button variant="light" onClick={() => setReport(null)}>
              {t('keys.import.another')}
            </Button>
          ) : (
            <Button
              onClick={submit}
              loading={importKeys.isPending}
              disabled={!file || file.size > KEY_FILE_MAX_BYTES}
            >
              {t('keys.import.submit')}
            </Button>
          )}
        </Group>
      </Stack>
    </DialogModal>
  );
};
