import type { KeyImportReport, KeyStock } from '@esd/shared/orders/orders.schemas';
import { Alert, Button, Group, Progress, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogModal } from '@/components/dialog-modal';
import { OpenedContent } from '@/components/opened-content';
import { getErrorMessage } from '@/lib/notify';
import {
  KEY_FILE_MAX_BYTES,
  type KeySource,
  keySourceSize,
  useImportKeys,
  usePreviewKeys,
} from '../api/import-keys';
import { KeyImportReportView } from './key-import-report';
import { KeySourceInput, type KeySourceMode } from './key-source-input';
import { useFormatCount } from './use-format-count';

type KeyImportModalProps = { product: KeyStock | null; onClose: () => void };

const UploadProgress = ({ progress }: { progress: number }) => {
  const { t } = useTranslation();
  const percent = Math.round(progress * 100);
  const isProcessing = progress >= 1;
  return (
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
  );
};

/**
 * Keys for one product, from a file or pasted: first a preview (what would be added, which
 * lines are refused and why), then the import itself, then the server's report.
 */
const KeyImport = ({
  product,
  onClose,
  onBusy,
}: {
  product: KeyStock;
  onClose: () => void;
  /** while keys are on their way the dialog stays open */
  onBusy: (isBusy: boolean) => void;
}) => {
  const { t } = useTranslation();
  const formatCount = useFormatCount();
  const previewKeys = usePreviewKeys();
  const importKeys = useImportKeys();
  const [mode, setMode] = useState<KeySourceMode>('file');
  const [file, setFile] = useState<File | null>(null);
  const [text, setText] = useState('');
  const [progress, setProgress] = useState(0);
  const [preview, setPreview] = useState<KeyImportReport | null>(null);
  const [report, setReport] = useState<KeyImportReport | null>(null);
  const [error, setError] = useState<string | null>(null);

  const source: KeySource | null =
    mode === 'file'
      ? file
        ? { kind: 'file', file }
        : null
      : text.trim()
        ? { kind: 'paste', text }
        : null;
  const isTooLarge = source !== null && keySourceSize(source) > KEY_FILE_MAX_BYTES;
  const isPending = previewKeys.isPending || importKeys.isPending;
  useEffect(() => onBusy(isPending), [isPending, onBusy]);
  const edit = (change: () => void) => {
    change();
    setPreview(null);
    setError(null);
  };
  const send = (mutation: typeof previewKeys, onDone: (result: KeyImportReport) => void) => {
    if (!source || isTooLarge) return;
    setError(null);
    setProgress(0);
    mutation.mutate(
      { productId: product.product_id, source, onProgress: setProgress },
      // the server says what is wrong with the keys (type, format, product)
      { onSuccess: onDone, onError: (failure) => setError(getErrorMessage(failure)) },
    );
  };
  const startOver = () => {
    setReport(null);
    setPreview(null);
    setFile(null);
    setText('');
  };

  const shown = report ?? preview;
  return (
    <Stack gap="md">
      <Text size="sm">
        {t('keys.import.product', {
          title: product.FullTitle,
          available: formatCount(shown?.available ?? product.available),
        })}
      </Text>
      {shown ? <KeyImportReportView report={shown} /> : null}
      {shown ? null : (
        <KeySourceInput
          mode={mode}
          onModeChange={(next) => edit(() => setMode(next))}
          file={file}
          onFileChange={(next) => edit(() => setFile(next))}
          text={text}
          onTextChange={(next) => edit(() => setText(next))}
          disabled={isPending}
        />
      )}
      {isPending ? <UploadProgress progress={progress} /> : null}
      {error || isTooLarge ? (
        <Alert color="red" role="alert" title={t('keys.import.failed')}>
          {error ?? t('keys.import.tooLarge')}
        </Alert>
      ) : null}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onClose} disabled={isPending}>
          {t('actions.close')}
        </Button>
        {report ? (
          <Button variant="light" onClick={startOver}>
            {t('keys.import.another')}
          </Button>
        ) : preview ? (
          <>
            <Button variant="light" onClick={() => setPreview(null)} disabled={isPending}>
              {t('keys.import.back')}
            </Button>
            <Button
              onClick={() => send(importKeys, setReport)}
              loading={importKeys.isPending}
              disabled={preview.added === 0}
            >
              {t('keys.import.confirm', {
                count: preview.added,
                formatted: formatCount(preview.added),
              })}
            </Button>
          </>
        ) : (
          <Button
            onClick={() => send(previewKeys, setPreview)}
            loading={previewKeys.isPending}
            disabled={!source || isTooLarge}
          >
            {t('keys.import.preview')}
          </Button>
        )}
      </Group>
    </Stack>
  );
};

/** The import dialog of one product of Key stock. */
export const KeyImportModal = ({ product, onClose }: KeyImportModalProps) => {
  const { t } = useTranslation();
  const [isBusy, setIsBusy] = useState(false);
  return (
    <DialogModal
      opened={product !== null}
      onClose={isBusy ? () => {} : onClose}
      title={t('keys.import.title', { sku: product?.sku ?? '' })}
      size="lg"
    >
      <OpenedContent target={product} keyOf={(row) => row.product_id}>
        {(row) => <KeyImport product={row} onClose={onClose} onBusy={setIsBusy} />}
      </OpenedContent>
    </DialogModal>
  );
};
