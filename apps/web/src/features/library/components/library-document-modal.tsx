import { languages } from '@esd/shared/constants';
import {
  LIBRARY_MAX_BYTES,
  type LibraryDocument,
  type LibraryMeta,
  libraryCategories,
  libraryMetaSchema,
} from '@esd/shared/content/library.schemas';
import {
  FileInput,
  Group,
  Progress,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ModalForm } from '@/components/form-modal';
import { RecordDialog } from '@/components/record-dialog';
import { isApiError } from '@/lib/api-error';
import { getErrorMessage, notifyError, notifySuccess } from '@/lib/notify';
import { schemaErrors } from '@/lib/schema-errors';
import { useSaveLibraryDocument } from '../api/save-library-document';
import { formatFileSize } from './file-kind';

const ACCEPT = '.pdf,.docx,.xlsx,.pptx,.doc,.xls,.ppt,.png,.jpg,.jpeg,.csv,.txt';

type FormValues = LibraryMeta & { description: string; file: File | null };

const emptyValues = (): FormValues => ({
  title: '',
  description: '',
  category: 'price_list',
  lang: 'en',
  file: null,
});

type LibraryDocumentModalProps = {
  /** 'new' to upload one, a document to edit it, null when closed */
  target: LibraryDocument | 'new' | null;
  onClose: () => void;
};

const LibraryDocumentForm = ({
  editing,
  onClose,
}: Omit<LibraryDocumentModalProps, 'target'> & { editing: LibraryDocument | null }) => {
  const { t, i18n } = useTranslation();
  const save = useSaveLibraryDocument();
  const [progress, setProgress] = useState<number | null>(null);
  const form = useForm<FormValues>({
    initialValues: editing
      ? {
          title: editing.title,
          description: editing.description,
          category: editing.category,
          lang: editing.lang,
          file: null,
        }
      : emptyValues(),
    validate: (values) => {
      const { file, ...meta } = values;
      const errors: Record<string, string> = schemaErrors(libraryMetaSchema, meta);
      if (!file && !editing) errors.file = t('library.form.fileRequired');
      if (file && file.size > LIBRARY_MAX_BYTES) errors.file = t('library.form.fileTooLarge');
      if (file && file.size === 0) errors.file = t('library.form.fileEmpty');
      return errors;
    },
  });

  const submit = form.onSubmit(({ file, ...values }) => {
    const meta = libraryMetaSchema.parse(values);
    setProgress(file ? 0 : null);
    save.mutate(
      { id: editing?.id, meta, file, onProgress: setProgress },
      {
        onSuccess: () => {
          notifySuccess(t(editing ? 'library.form.saved' : 'library.form.uploaded'));
          onClose();
        },
        onError: (error) => {
          setProgress(null);
          if (isApiError(error) && error.errorName === 'INVALID_FILE') {
            form.setFieldError('file', error.message);
            return;
          }
          notifyError(getErrorMessage(error));
        },
      },
    );
  });

  const file = form.values.file;
  return (
    <ModalForm onCancel={onClose} onSubmit={submit} saving={save.isPending}>
      <FileInput
        label={editing ? t('library.form.replaceFile') : t('library.form.file')}
        description={t('library.form.fileHint')}
        placeholder={editing ? editing.file_name : t('library.form.filePlaceholder')}
        required={!editing}
        clearable
        accept={ACCEPT}
        leftSection={<IconUpload size={16} aria-hidden />}
        {...form.getInputProps('file')}
      />
      {file ? (
        <Text size="xs" c="dimmed">
          {t('library.form.fileChosen', {
            name: file.name,
            size: formatFileSize(file.size, i18n.language),
          })}
        </Text>
      ) : null}
      {progress !== null ? (
        <Stack gap={4}>
          <Progress
            value={Math.round(progress * 100)}
            animated={progress < 1}
            aria-label={t('library.form.uploading')}
          />
          <Text size="xs" c="dimmed">
            {t('library.form.progress', { percent: Math.round(progress * 100) })}
          </Text>
        </Stack>
      ) : null}
      <TextInput
        label={t('library.fields.title')}
        required
        maxLength={200}
        {...form.getInputProps('title')}
      />
      <Textarea
        label={t('library.fields.description')}
        autosize
        minRows={2}
        maxLength={2000}
        {...form.getInputProps('description')}
      />
      <Group grow align="flex-start">
        <Select
          label={t('library.fields.category')}
          required
          allowDeselect={false}
          data={libraryCategories.map((c) => ({ value: c, label: t(`library.category.${c}`) }))}
          {...form.getInputProps('category')}
        />
        <Select
          label={t('library.fields.lang')}
          required
          allowDeselect={false}
          data={languages.map((l) => ({ value: l, label: t(`library.lang.${l}`) }))}
          {...form.getInputProps('lang')}
        />
      </Group>
    </ModalForm>
  );
};

/** Uploads a document to the library or edits one: its file, texts, category and language. */
export const LibraryDocumentModal = ({ target, onClose }: LibraryDocumentModalProps) => {
  const { t } = useTranslation();
  return (
    <RecordDialog
      target={target}
      onClose={onClose}
      title={(editing) => (editing ? t('library.form.editTitle') : t('library.form.createTitle'))}
    >
      {(editing) => <LibraryDocumentForm editing={editing} onClose={onClose} />}
    </RecordDialog>
  );
};
