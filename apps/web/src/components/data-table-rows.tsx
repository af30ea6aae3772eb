import { Box, Skeleton, Table, Text } from '@mantine/core';
import { Fragment, type ReactNode } from 'react';
import { RowActions } from './row-actions';

export type DataTableColumn<T> = {
  key: string;
  header: string;
  render: (row: T) => ReactNode;
  /** the server's sort name; the header becomes a sort button */
  sortKey?: string;
  /** numbers are right-aligned */
  align?: 'left' | 'right' | 'center';
  nowrap?: boolean;
  /**
   * Its place on a phone's card (data-table-cards.tsx): `title` heads the card (default: the
   * first column), `aside` stands at its top right, `hidden` stays out; else a labelled field.
   */
  card?: 'title' | 'aside' | 'hidden';
};

/** What a DataTable hands its body, as table rows or as a phone's cards. */
export type DataTableBodyProps<T> = {
  columns: DataTableColumn<T>[];
  rows: T[] | undefined;
  isLoading: boolean;
  emptyMessage: string;
  getRowKey: (row: T) => string | number;
  getRowLabel: (row: T) => string;
  onEdit?: (row: T) => void;
  onDelete?: (row: T) => void;
  renderRowDetail?: (row: T) => ReactNode;
};

const cellPadding = 'var(--table-horizontal-spacing, var(--mantine-spacing-xs))';

/** The table body: placeholder rows while loading, one line when empty, else the rows. */
export const DataTableRows = <T,>(props: DataTableBodyProps<T>) => {
  const { columns, rows, onEdit, onDelete, renderRowDetail } = props;
  const hasActions = Boolean(onEdit || onDelete);
  const columnCount = columns.length + (hasActions ? 1 : 0);

  if (!rows && props.isLoading) {
    return Array.from({ length: 5 }, (_, index) => (
      // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have no identity
      <Table.Tr key={index}>
        <Table.Td colSpan={columnCount}>
          <Skeleton h={20} radius="sm" />
        </Table.Td>
      </Table.Tr>
    ));
  }
  if (!rows || rows.length === 0) {
    return (
      <Table.Tr>
        <Table.Td colSpan={columnCount}>
          {/* centred in the visible width, not across a wide table a phone scrolls sideways;
              100cqw is the scroll box's width, less the cell's padding on both sides */}
          <Box pos="sticky" left={cellPadding} w={`calc(100cqw - 2 * ${cellPadding})`}>
            <Text c="dimmed" ta="center" py={40}>
              {props.emptyMessage}
            </Text>
          </Box>
        </Table.Td>
      </Table.Tr>
    );
  }
  return rows.map((row) => {
    const detail = renderRowDetail?.(row);
    return (
      <Fragment key={props.getRowKey(row)}>
        <Table.Tr>
          {columns.map((column) => (
            <Table.Td
              key={column.key}
              style={{ textAlign: column.align, whiteSpace: column.nowrap ? 'nowrap' : undefined }}
            >
              {column.render(row)}
            </Table.Td>
          ))}
          {hasActions ? (
            <Table.Td style={{ textAlign: 'right' }}>
              <RowActions
                label={props.getRowLabel(row)}
                onEdit={onEdit ? () => onEdit(row) : undefined}
                onDelete={onDelete ? () => onDelete(row) : undefined}
              />
            </Table.Td>
          ) : null}
        </Table.Tr>
        {detail ? (
          <Table.Tr bg="indigo.0">
            <Table.Td colSpan={columnCount}>
              {/* stays in view while a phone scrolls the wide table sideways */}
              <Box pos="sticky" left={16} maw="calc(100vw - 80px)">
                {detail}
              </Box>
            </Table.Td>
          </Table.Tr>
        ) : null}
      </Fragment>
    );
  });
};
