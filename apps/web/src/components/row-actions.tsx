import { ActionIcon, Group, Tooltip } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';

type RowActionsProps = {
  /** the row's name, so each button says what it acts on */
  label: string;
  onEdit?: () => void;
  onDelete?: () => void;
};

type RowActionProps = {
  /** the tooltip: the bare verb */
  tip: string;
  /** the accessible name: the verb with the row's name */
  name: string;
  color: string;
  icon: ComponentType<{ size?: number; 'aria-hidden'?: boolean }>;
  onClick: () => void;
};

const RowAction = ({ tip, name, color, icon: Icon, onClick }: RowActionProps) => (
  <Tooltip label={tip} withArrow>
    <ActionIcon variant="subtle" color={color} onClick={onClick} aria-label={name}>
      <Icon size={18} aria-hidden />
    </ActionIcon>
  </Tooltip>
);

export const RowActions = ({ label, onEdit, onDelete }: RowActionsProps) => {
  const { t } = useTranslation();
  return (
    <Group gap={4} justify="flex-end" wrap="nowrap">
      {onEdit ? (
        <RowAction
          tip={t('actions.edit')}
          name={t('list.editRow', { name: label })}
          color="indigo"
          icon={IconPencil}
          onClick={onEdit}
        />
      ) : null}
      {onDelete ? (
        <RowAction
          tip={t('actions.delete')}
          name={t('list.deleteRow', { name: label })}
          color="red"
          icon={IconTrash}
          onClick={onDelete}
        />
      ) : null}
    </Group>
  );
};
