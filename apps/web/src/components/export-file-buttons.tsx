import { Button } from '@mantine/core';
import { IconFileSpreadsheet, IconFileTypeCsv } from '@tabler/icons-react';
import { getErrorMessage, notifyError, notifySuccess } from '@/lib/notify';

type FileFormat = 'xlsx' | 'csv';

type ExportFileButtonsProps = {
  /** the file being made: its button spins, the other waits */
  running: FileFormat | null;
  onStart: (format: FileFormat) => void;
  /** each button's text and its accessible name (which says what the file holds) */
  words: Record<FileFormat, { text: string; label: string }>;
};

const formats = [
  { format: 'xlsx', icon: IconFileSpreadsheet },
  { format: 'csv', icon: IconFileTypeCsv },
] as const;

/** The Excel and CSV buttons of an export; each spins while its file comes. */
export const ExportFileButtons = ({ running, onStart, words }: ExportFileButtonsProps) =>
  formats.map(({ format, icon: Icon }) => (
    <Button
      key={format}
      variant="default"
      leftSection={<Icon size={18} aria-hidden />}
      loading={running === format}
      disabled={running !== null && running !== format}
      aria-label={words[format].label}
      onClick={() => onStart(format)}
    >
      {words[format].text}
    </Button>
  ));

/** A download's outcome: the done message, or why it failed. */
export const downloadOutcome = (done: string) => ({
  onSuccess: () => notifySuccess(done),
  onError: (error: unknown) => notifyError(getErrorMessage(error)),
});
