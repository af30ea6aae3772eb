import { FileInput, SegmentedControl, Stack, Textarea } from '@mantine/core';
import { IconFileImport } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { KEY_FILE_ACCEPT } from '../api/import-keys';

export type KeySourceMode = 'file' | 'paste';

type KeySourceInputProps = {
  mode: KeySourceMode;
  onModeChange: (mode: KeySourceMode) => void;
  file: File | null;
  onFileChange: (file: File | null) => void;
  text: string;
  onTextChange: (text: string) => void;
  disabled: boolean;
};

/** Where the keys come from: a file to upload, or text pasted from a supplier's mail. */
export const KeySourceInput = (props: KeySourceInputProps) => {
  const { t } = useTranslation();
  return (
    <Stack gap="sm">
      <SegmentedControl
        value={props.mode}
        onChange={(value) => props.onModeChange(value as KeySourceMode)}
        data={[
          { value: 'file', label: t('keys.import.fromFile') },
          { value: 'paste', label: t('keys.import.fromPaste') },
        ]}
        disabled={props.disabled}
        aria-label={t('keys.import.source')}
      />
      {props.mode === 'file' ? (
        <FileInput
          label={t('keys.import.file')}
          description={t('keys.import.fileHint')}
          placeholder={t('keys.import.filePlaceholder')}
          accept={KEY_FILE_ACCEPT}
          value={props.file}
          onChange={props.onFileChange}
          disabled={props.disabled}
          leftSection={<IconFileImport size={16} aria-hidden />}
          // FileInput draws its placeholder as text: the default grey fails WCAG contrast
          styles={{ placeholder: { color: 'var(--mantine-color-gray-7)' } }}
          clearable
        />
      ) : (
        <Textarea
          label={t('keys.import.paste')}
          description={t('keys.import.pasteHint')}
          placeholder={t('keys.import.pastePlaceholder')}
          value={props.text}
          onChange={(event) => props.onTextChange(event.currentTarget.value)}
          disabled={props.disabled}
          autosize
          minRows={6}
          maxRows={14}
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
          spellCheck={false}
        />
      )}
    </Stack>
  );
};
