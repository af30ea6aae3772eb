import { type MarkupGroup, markupGroupInputSchema } from '@esd/shared/catalogue/settings.schemas';
import { ActionIcon, Button, Group, Select, Stack, Text } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { DecimalInput } from '@/components/decimal-input';
import { NamePercentFields } from '@/components/name-percent-fields';
import { RecordFormModal } from '@/components/record-form-modal';
import { useCreateMarkupGroup } from '../api/create-markup-group';
import { useCategoryOptions } from '../api/get-category-options';
import { useUpdateMarkupGroup } from '../api/update-markup-group';
import {
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
  const categoryData = (categories.data ?? []).map((c) => ({ value: String(c.id), label: c.name }));

  return (
    <RecordFormModal
      target={target}
      onClose={onClose}
      title={(editing) =>
        editing
          ? t('settings.markup.form.editTitle', { name: editing.name })
          : t('settings.markup.form.createTitle')
      }
      valuesOf={toMarkupGroupValues}
      validate={validateMarkupGroup}
      toInput={(values) => markupGroupInputSchema.parse(toMarkupGroupInput(values))}
      create={useCreateMarkupGroup()}
      update={useUpdateMarkupGroup()}
      savedMessage={(editing) => t(editing ? 'settings.markup.saved' : 'settings.markup.created')}
      conflict={{ field: 'name', message: t('settings.markup.form.nameTaken') }}
    >
      {(form) => (
        <>
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
        </>
      )}
    </RecordFormModal>
  );
};
