import { Alert, Box, Button, Group, Paper, Skeleton, Table, Text, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { Fragment, type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDeleteModal } from './confirm-delete-modal';
import { DataTableFooter } from './data-table-footer';
import { RowActions } from './row-actions';
import { PlainTh, SortableTh } from './sortable-th';
import { clampPage, type ListControls } from './use-list-query';

export type DataTableColumn<T> = {
  key: string;
  header: string;
  render: (row: T) => ReactNode;
  /** the server's sort name; the header becomes a sort button */
  sortKey?: string;
  /** numbers are right-aligned */
  align?: 'left' | 'right' | 'center';
  nowrap?: boolean;
};

export type DataTableProps<T> = {
  /** the table's accessible name */
  caption: string;
  columns: DataTableColumn<T>[];
  rows: T[] | undefined;
  getRowKey: (row: T) => string | number;
  /** names the row in action labels and the delete confirmation */
  getRowLabel: (row: T) => string;
  isLoading: boolean;
  isError: boolean;
  /** a refetch is running over rows already shown */
  isFetching?: boolean;
  onRetry?: () => void;
  /** server-side search, sort and pages; without it the table shows all rows it gets */
  list?: ListControls;
  total?: number;
  searchLabel?: string;
  /** filters and buttons beside the search box */
  toolbar?: ReactNode;
  emptyMessage?: string;
  onEdit?: (row: T) => void;
  onDelete?: (row: T) => Promise<unknown>;
  /** what the delete confirmation shows under the row's name */
  describeDeletion?: (row: T) => ReactNode;
  /** a full-width row under a row (an inline editor) */
  renderRowDetail?: (row: T) => ReactNode;
  /** below this width the table scrolls sideways (phones) */
  minWidth?: number;
};

/** The settings list: search, server-side sort and pages, row actions, every load state. */
export const DataTable = <T,>(props: DataTableProps<T>) => {
  const { t } = useTranslation();
  const { columns, rows, list, onEdit, onDelete, renderRowDetail } = props;
  const [deleting, setDeleting] = useState<T | null>(null);
  const hasActions = Boolean(onEdit || onDelete);
  const columnCount = columns.length + (hasActions ? 1 : 0);
  const total = props.total ?? rows?.length ?? 0;
  const page = list?.query.page ?? 1;
  const perPage = list?.query.perPage ?? total;
  const setPage = list?.setPage;

  // A delete (or someone else's) can empty the last page: step back to one with rows.
  useEffect(() => {
    if (!setPage || props.total === undefined) return;
    const last = clampPage(page, props.total, perPage);
    if (last !== page) setPage(last);
  }, [page, perPage, props.total, setPage]);

  const header = columns.map((column) =>
    column.sortKey && list ? (
      <SortableTh
        key={column.key}
        label={column.header}
        align={column.align}
        sorted={list.query.sort === column.sortKey ? list.query.order : null}
        onSort={() => list.toggleSort(column.sortKey!)}
      />
    ) : (
      <PlainTh key={column.key} align={column.align}>
        {column.header}
      </PlainTh>
    ),
  );

  const body = () => {
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
      const q = list?.query.q;
      return (
        <Table.Tr>
          <Table.Td colSpan={columnCount}>
            <Text c="dimmed" ta="center" py={40}>
              {q ? t('list.noMatches', { q }) : (props.emptyMessage ?? t('list.empty'))}
            </Text>
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
                style={{
                  textAlign: column.align,
                  whiteSpace: column.nowrap ? 'nowrap' : undefined,
                }}
              >
                {column.render(row)}
              </Table.Td>
            ))}
            {hasActions ? (
              <Table.Td style={{ textAlign: 'right' }}>
                <RowActions
                  label={props.getRowLabel(row)}
                  onEdit={onEdit ? () => onEdit(row) : undefined}
                  onDelete={onDelete ? () => setDeleting(row) : undefined}
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

  return (
    <Paper radius="lg" p={0} style={{ overflow: 'hidden' }}>
      {props.searchLabel || props.toolbar ? (
        <Group p="md" gap="sm" align="flex-end" justify="space-between">
          {props.searchLabel && list ? (
            <TextInput
              label={props.searchLabel}
              placeholder={t('list.searchPlaceholder')}
              leftSection={<IconSearch size={16} aria-hidden />}
              value={list.search}
              onChange={(event) => list.setSearch(event.currentTarget.value)}
              type="search"
              w={{ base: '100%', xs: 320 }}
            />
          ) : null}
          {props.toolbar}
        </Group>
      ) : null}
      {props.isError && !rows ? (
        <Alert color="red" m="md" title={t('list.loadError')} role="alert">
          {props.onRetry ? (
            <Button size="xs" variant="white" color="red" onClick={props.onRetry}>
              {t('actions.retry')}
            </Button>
          ) : null}
        </Alert>
      ) : (
        <Box
          aria-busy={props.isLoading || props.isFetching}
          style={{ opacity: props.isFetching && rows ? 0.6 : 1, transition: 'opacity 150ms' }}
        >
          <Table.ScrollContainer minWidth={props.minWidth ?? 640} type="native">
            <Table verticalSpacing="sm" horizontalSpacing="md" highlightOnHover tabularNums>
              <Table.Caption style={visuallyHidden}>{props.caption}</Table.Caption>
              <Table.Thead bg="gray.0">
                <Table.Tr>
                  {header}
                  {hasActions ? <PlainTh align="right">{t('list.actions')}</PlainTh> : null}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>{body()}</Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Box>
      )}
      {list && !(props.isError && !rows) ? (
        <DataTableFooter
          page={list.query.page}
          perPage={list.query.perPage}
          total={total}
          onPageChange={list.setPage}
          onPerPageChange={list.setPerPage}
        />
      ) : null}
      <ConfirmDeleteModal
        target={
          deleting === null
            ? null
            : {
                name: props.getRowLabel(deleting),
                details: props.describeDeletion?.(deleting),
              }
        }
        onConfirm={() => (deleting === null ? Promise.resolve() : onDelete!(deleting))}
        onClose={() => setDeleting(null)}
      />
    </Paper>
  );
};

const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;
