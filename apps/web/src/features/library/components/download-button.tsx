import type { LibraryDocument } from '@esd/shared/content/library.schemas';
import { Button, Progress, Stack } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getErrorMessage, notifyError } from '@/lib/notify';
import { downloadLibraryDocument } from '../api/download-library-document';

/** Downloads with the auth header; a progress bar shows while a large file arrives. */
export const DownloadButton = ({ doc }: { doc: LibraryDocument }) => {
  const { t } = useTranslation();
  const [progress, setProgress] = useState<number | null>(null);
  const download = async () => {
    setProgress(0);
    try {
      await downloadLibraryDocument(doc, setProgress);
    } catch (error) {
      notifyError(getErrorMessage(error));
    } finally {
      setProgress(null);
    }
  };
  return (
    <Stack gap={4} miw={140}>
      <Button
        variant="light"
        leftSection={<IconDownload size={16} aria-hidden />}
        loading={progress !== null}
        onClick={() => void download()}
        aria-label={t('library.download', { title: doc.title })}
      >
        {t('library.downloadShort')}
      </Button>
      {progress !== null ? (
        <Progress
          value={Math.round(progress * 100)}
          size="sm"
          aria-label={t('library.downloading', { title: doc.title })}
        />
      ) : null}
    </Stack>
  );
};
