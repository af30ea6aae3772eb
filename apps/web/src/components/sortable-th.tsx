import { Group, Table, UnstyledButton } from '@mantine/core';
import { IconArrowsSort, IconSortAscending, IconSortDescending } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { SortOrder } from './use-list-query';

type SortableThProps = {
  label: string;
  /** the order when this column is the sorted one */
  sorted: SortOrder | null;
  align?: 'left' | 'right' | 'center';
  onSort: () => void;
};

/** A header cell that sorts the list on the server; `aria-sort` tells screen readers. */
export const SortableTh = ({ label, sorted, align = 'left', onSort }: SortableThProps) => {
  const { t } = useTranslation();
  const Icon =
    sorted === 'asc' ? IconSortAscending : sorted === 'desc' ? IconSortDescending : IconArrowsSort;
  const ariaSort = sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : 'none';
  return (
    <Table.Th aria-sort={ariaSort} style={{ textAlign: align }}>
      <UnstyledButton onClick={onSort} title={t('list.sortBy', { column: label })} fw={700} fz="sm">
        <Group gap={4} wrap="nowrap" justify={align === 'right' ? 'flex-end' : 'flex-start'}>
          <span style={{ textAlign: align }}>{label}</span>
          <Icon size={14} stroke={1.8} aria-hidden opacity={sorted ? 1 : 0.45} />
        </Group>
      </UnstyledButton>
    </Table.Th>
  );
};

type PlainThProps = { children: ReactNode; align?: 'left' | 'right' | 'center' };

export const PlainTh = ({ children, align = 'left' }: PlainThProps) => (
  <Table.Th style={{ textAlign: align }}>{children}</Table.Th>
);
