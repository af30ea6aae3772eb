import { type Language, languages } from '@esd/shared/constants';
import type { NewsSettings } from '@esd/shared/content/news.schemas';
import { newsInputSchema } from '@esd/shared/content/news.schemas';
import { formatDate, fromDateTimeInput } from '@esd/shared/format/format';
import {
  Badge,
  Button,
  Group,
  Image,
  Paper,
  SegmentedControl,
  Stack,
  Tabs,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ModalForm } from '@/components/form-modal';
import type { ChosenImage } from '@/components/image-choice';
import { ImagePicker } from '@/components/image-picker';
import { RecordDialog } from '@/components/record-dialog';
import { getErrorMessage, notifyError, notifySuccess } from '@/lib/notify';
import { schemaErrors } from '@/lib/schema-errors';
import { NEWS_IMAGE_MAX_BYTES, NEWS_IMAGE_TYPES, useSaveNews } from '../api/save-news';
import { NewsBody } from './news-body';
import {
  emptyNewsValues,
  type NewsFormValues,
  newsInputOf,
  newsValuesOf,
} from './news-form-values';

type NewsEditorModalProps = {
  /** 'new' to write one, an article to edit it, null when closed */
  target: NewsSettings | 'new' | null;
  onClose: () => void;
};

const NewsEditor = ({
  editing,
  onClose,
}: Omit<NewsEditorModalProps, 'target'> & { editing: NewsSettings | null }) => {
  const { t, i18n } = useTranslation();
  const saveNews = useSaveNews();
  const [tab, setTab] = useState<string>('en');
  const [previewLang, setPreviewLang] = useState<Language>('en');
  const [image, setImage] = useState<ChosenImage | null>(null);
  const [removeImage, setRemoveImage] = useState(false);
  const form = useForm<NewsFormValues>({
    initialValues: editing ? newsValuesOf(editing) : emptyNewsValues(),
    validate: (values) =>
      schemaErrors(newsInputSchema, newsInputOf(values), {
        publish_at: t('news.editor.dateInvalid'),
      }),
    onSubmitPreventDefault: 'always',
  });

  const submit = form.onSubmit(
    (values) => {
      const input = newsInputSchema.parse(newsInputOf(values));
      saveNews.mutate(
        { id: editing?.id, input, image: image?.file, removeImage },
        {
          onSuccess: () => {
            notifySuccess(
              t(input.status === 'published' ? 'news.editor.published' : 'news.editor.savedDraft'),
            );
            onClose();
          },
          onError: (error) => notifyError(getErrorMessage(error)),
        },
      );
    },
    (errors) => {
      // show the first language tab that holds an error
      const lang = languages.find((l) => errors[`title.${l}`] || errors[`body.${l}`]);
      if (lang) setTab(lang);
    },
  );

  const hasError = (lang: Language) =>
    Boolean(form.errors[`title.${lang}`] || form.errors[`body.${lang}`]);
  const currentImage = image?.preview ?? (removeImage ? null : (editing?.image_url ?? null));
  const previewDate = fromDateTimeInput(form.values.publish_at);

  return (
    <ModalForm onCancel={onClose} onSubmit={submit} saving={saveNews.isPending}>
      <Tabs value={tab} onChange={(value) => setTab(value ?? 'en')} keepMounted={false}>
        <Tabs.List>
          {languages.map((lang) => (
            <Tabs.Tab
              key={lang}
              value={lang}
              rightSection={
                hasError(lang) ? (
                  <Badge size="xs" color="red" circle aria-label={t('news.editor.tabHasErrors')}>
                    !
                  </Badge>
                ) : null
              }
            >
              {t(`news.editor.lang.${lang}`)}
            </Tabs.Tab>
          ))}
          <Tabs.Tab value="preview">{t('news.editor.preview')}</Tabs.Tab>
        </Tabs.List>
        {languages.map((lang) => (
          <Tabs.Panel key={lang} value={lang} pt="md">
            <Stack gap="md">
              <TextInput
                label={t('news.editor.titleField', { lang: t(`news.editor.lang.${lang}`) })}
                required
                maxLength={200}
                {...form.getInputProps(`title.${lang}`)}
              />
              <Textarea
                label={t('news.editor.bodyField', { lang: t(`news.editor.lang.${lang}`) })}
                description={t('news.editor.bodyHint')}
                autosize
                minRows={8}
                maxRows={20}
                {...form.getInputProps(`body.${lang}`)}
              />
            </Stack>
          </Tabs.Panel>
        ))}
        <Tabs.Panel value="preview" pt="md">
          <Stack gap="sm">
            <SegmentedControl
              value={previewLang}
              onChange={(value) => setPreviewLang(value as Language)}
              data={languages.map((lang) => ({
                value: lang,
                label: t(`news.editor.lang.${lang}`),
              }))}
              aria-label={t('news.editor.previewLanguage')}
            />
            <Paper withBorder radius="lg" p="md">
              <Stack gap="sm">
                <Title order={2} fz="xl">
                  {form.values.title[previewLang] || t('news.editor.untitled')}
                </Title>
                {previewDate ? (
                  <Text size="sm" c="dimmed">
                    {formatDate(previewDate, i18n.language)}
                  </Text>
                ) : null}
                {currentImage ? (
                  <Image src={currentImage} alt="" radius="md" mah={220} fit="cover" />
                ) : null}
                <NewsBody text={form.values.body[previewLang]} />
              </Stack>
            </Paper>
          </Stack>
        </Tabs.Panel>
      </Tabs>

      <Group align="flex-end" gap="md" grow preventGrowOverflow={false} wrap="wrap">
        <Stack gap={4}>
          <Text size="sm" fw={500} id="news-status-label">
            {t('news.editor.status')}
          </Text>
          <SegmentedControl
            aria-labelledby="news-status-label"
            value={form.values.status}
            onChange={(value) => form.setFieldValue('status', value as NewsFormValues['status'])}
            data={[
              { value: 'draft', label: t('news.status.draft') },
              { value: 'published', label: t('news.status.published') },
            ]}
          />
        </Stack>
        <TextInput
          type="datetime-local"
          label={t('news.editor.publishAt')}
          description={t('news.editor.publishAtHint')}
          required
          miw={220}
          {...form.getInputProps('publish_at')}
        />
      </Group>

      <Group gap="lg" align="flex-start">
        {currentImage ? (
          <Image
            src={currentImage}
            alt={t('news.editor.imagePreview')}
            w={160}
            h={90}
            fit="cover"
            radius="md"
          />
        ) : null}
        <ImagePicker
          types={NEWS_IMAGE_TYPES}
          maxBytes={NEWS_IMAGE_MAX_BYTES}
          wrongTypeMessage={t('news.editor.imageWrongType')}
          tooLargeMessage={t('news.editor.imageTooLarge')}
          chooseLabel={currentImage ? t('news.editor.imageReplace') : t('news.editor.imageChoose')}
          hint={t('news.editor.imageHint')}
          onPick={(file, preview) => {
            setImage({ file, preview });
            setRemoveImage(false);
          }}
          actions={
            currentImage ? (
              <Button
                variant="subtle"
                color="dark"
                leftSection={<IconX size={16} aria-hidden />}
                onClick={() => {
                  setImage(null);
                  setRemoveImage(true);
                }}
              >
                {t('news.editor.imageRemove')}
              </Button>
            ) : null
          }
        />
      </Group>
    </ModalForm>
  );
};

/** Writes an article or edits one: its texts in three languages, picture, date and status. */
export const NewsEditorModal = ({ target, onClose }: NewsEditorModalProps) => {
  const { t } = useTranslation();
  return (
    <RecordDialog
      target={target}
      onClose={onClose}
      title={(editing) => (editing ? t('news.editor.editTitle') : t('news.editor.createTitle'))}
    >
      {(editing) => <NewsEditor editing={editing} onClose={onClose} />}
    </RecordDialog>
  );
};
