import { ActionIcon, Group, Tooltip } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

type RowActionsProps = {
  /** the row's name, so each button says what it acts on */
  label: string;
  onEdit?: () => void;
  onDelete?: () => void;
};

export const RowActions = ({ label, onEdit, onDelete }: RowActionsProps) => {
  const { t } = useTranslation();
  return (
    <Group gap={4} justify="flex-end" wrap="nowrap">
      {onEdit ? (
        <Tooltip label={t('actions.edit')} withArrow>
          <ActionIcon
            variant="subtle"
            color="indigo"
            onClick={onEdit}
            aria-label={t('list.editRow', { name: label })}
          >
            <IconPencil size={18} aria-hidden />
          </ActionIcon>
        </Tooltip>
      ) : null}
      {onDelete ? (
        <Tooltip label={t('actions.delete')} withArrow>
          <ActionIcon
            variant="subtle"
            color="red"
            onClick={onDelete}
            aria-label={t('list.deleteRow', { name: label })}
          >
            <IconTrash size={18} aria-hidden />
          </ActionIcon>
        </Tooltip>
      ) : null}
    </Group>
  );
};
