import { ActionIcon, Group, NativeSelect } from '@mantine/core';
import { IconSortAscending, IconSortDescending } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { DataTableColumn } from './data-table-rows';
import type { ListControls } from './use-list-query';

type DataTableSortProps<T> = { columns: DataTableColumn<T>[]; list: ListControls };

/**
 * The sort of a list shown as cards (a phone has no header cells to click): the column to
 * sort by, and a button that flips the order. Nothing when no column sorts.
 */
export const DataTableSort = <T,>({ columns, list }: DataTableSortProps<T>) => {
  const { t } = useTranslation();
  const sortable = columns.filter((column) => column.sortKey);
  if (sortable.length === 0) return null;
  const { sort, order } = list.query;
  const current = sortable.find((column) => column.sortKey === sort);
  return (
    <Group gap={4} align="flex-end" wrap="nowrap" w="100%">
      {/* the browser's own select (issue 35): every table has it, and Mantine's Combobox
          would come with the first load of each list page */}
      <NativeSelect
        label={t('list.sort')}
        data={[
          // unsorted: an empty choice shows, as long as no column is chosen
          ...(current ? [] : [{ value: '', label: '' }]),
          ...sortable.map((column) => ({ value: column.sortKey!, label: column.header })),
        ]}
        value={current?.sortKey ?? ''}
        // choosing a column sorts by it ascending; choosing the current one again changes nothing
        onChange={(event) => {
          const { value } = event.currentTarget;
          if (value && value !== sort) list.toggleSort(value);
        }}
        style={{ flex: 1 }}
      />
      {current ? (
        <ActionIcon
          variant="default"
          size={36}
          onClick={() => list.toggleSort(current.sortKey!)}
          aria-label={order === 'asc' ? t('list.sortedAscending') : t('list.sortedDescending')}
          title={order === 'asc' ? t('list.sortedAscending') : t('list.sortedDescending')}
        >
          {order === 'asc' ? (
            <IconSortAscending size={18} aria-hidden />
          ) : (
            <IconSortDescending size={18} aria-hidden />
          )}
        </ActionIcon>
      ) : null}
    </Group>
  );
};
