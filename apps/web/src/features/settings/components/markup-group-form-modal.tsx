import { type MarkupGroup, markupGroupInputSchema } from '@esd/shared/catalogue/settings.schemas';
import { ActionIcon, Button, Group, Select, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { DecimalInput } from '@/components/decimal-input';
import { FormModal } from '@/components/form-modal';
import { NamePercentFields } from '@/components/name-percent-fields';
import { notifySuccess } from '@/lib/notify';
import { useCreateMarkupGroup } from '../api/create-markup-group';
import { useCategoryOptions } from '../api/get-category-options';
import { useUpdateMarkupGroup } from '../api/update-markup-group';
import { showSaveError } from './localized';
import {
  type MarkupGroupFormValues,
  newOverrideRow,
  toMarkupGroupInput,
  toMarkupGroupValues,
  validateMarkupGroup,
} from './markup-group-values';

type MarkupGroupFormModalProps = {
  target: MarkupGroup | 'new' | null;
  onClose: () => void;
};

export const MarkupGroupFormModal = ({ target, onClose }: MarkupGroupFormModalProps) => {
  const { t } = useTranslation();
  const categories = useCategoryOptions();
  const createGroup = useCreateMarkupGroup();
  const updateGroup = useUpdateMarkupGroup();
  const editing = target !== null && target !== 'new' ? target : null;
  const form = useForm<MarkupGroupFormValues>({
    initialValues: toMarkupGroupValues(null),
    validate: validateMarkupGroup,
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: the form restarts for each opening
  useEffect(() => {
    if (target === null) return;
    const values = toMarkupGroupValues(editing);
    form.setInitialValues(values);
    form.setValues(values);
    form.clearErrors();
  }, [target]);

  const categoryData = (categories.data ?? []).map((c) => ({ value: String(c.id), label: c.name }));

  const submit = form.onSubmit((values) => {
    const input = markupGroupInputSchema.parse(toMarkupGroupInput(values));
    const options = {
      onSuccess: () => {
        notifySuccess(t(editing ? 'settings.markup.saved' : 'settings.markup.created'));
        onClose();
      },
      onError: (error: unknown) =>
        showSaveError({
          error,
          form,
          conflictField: 'name',
          conflictMessage: t('settings.markup.form.nameTaken'),
        }),
    };
    if (editing) updateGroup.mutate({ id: editing.id, input }, options);
    else createGroup.mutate(input, options);
  });

  return (
    <FormModal
      opened={target !== null}
      onClose={onClose}
      title={
        editing
          ? t('settings.markup.form.editTitle', { name: editing.name })
          : t('settings.markup.form.createTitle')
      }
      onSubmit={submit}
      saving={createGroup.isPending || updateGroup.isPending}
    >
      <NamePercentFields
        nameLabel={t('settings.markup.fields.name')}
        percentLabel={t('settings.markup.fields.percent')}
        percentHint={t('settings.markup.form.percentHint')}
        nameInput={form.getInputProps('name')}
        percentInput={form.getInputProps('percent')}
      />
      <Stack gap="xs" component="fieldset" style={{ border: 0, padding: 0, margin: 0 }}>
        <Text component="legend" fw={600} size="sm">
          {t('settings.markup.form.overrides')}
        </Text>
        <Text size="xs" c="dimmed">
          {t('settings.markup.form.overridesHint')}
        </Text>
        {form.values.categories.map((row, index) => (
          <Group key={row.key} gap="xs" align="flex-start" wrap="nowrap">
            <Select
              label={t('settings.markup.fields.category')}
              data={categoryData}
              searchable
              style={{ flex: 1 }}
              {...form.getInputProps(`categories.${index}.category_id`)}
            />
            <DecimalInput
              label={t('settings.markup.fields.percent')}
              rightSection="%"
              w={120}
              {...form.getInputProps(`categories.${index}.percent`)}
            />
            <ActionIcon
              variant="subtle"
              color="red"
              mt={28}
              size="lg"
              onClick={() => form.removeListItem('categories', index)}
              aria-label={t('settings.markup.form.removeOverride', { index: index + 1 })}
            >
              <IconTrash size={18} aria-hidden />
            </ActionIcon>
          </Group>
        ))}
        <Button
          variant="light"
          leftSection={<IconPlus size={16} aria-hidden />}
          onClick={() => form.insertListItem('categories', newOverrideRow())}
          style={{ alignSelf: 'flex-start' }}
        >
          {t('settings.markup.form.addOverride')}
        </Button>
      </Stack>
    </FormModal>
  );
};
