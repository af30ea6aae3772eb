import { Alert, Box, Button, Group, Paper, Table, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDeleteModal } from './confirm-delete-modal';
import { DataTableCards } from './data-table-cards';
import { type DataTableBodyProps, type DataTableColumn, DataTableRows } from './data-table-rows';
import { DataTableSort } from './data-table-sort';
import { PaginationFooter } from './pagination-footer';
import { PlainTh, SortableTh } from './sortable-th';
import { clampPage, type ListControls } from './use-list-query';

export type { DataTableColumn };

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
  /** below this width the table scrolls sideways (a tablet; a phone gets cards) */
  minWidth?: number;
};

/** Below this width (600 px) the rows are cards: a phone shows each row's status and total. */
const CARDS_QUERY = '(max-width: 37.5em)';

/** The settings list: search, server-side sort and pages, row actions, every load state. */
export const DataTable = <T,>(props: DataTableProps<T>) => {
  const { t } = useTranslation();
  const { columns, rows, list, onEdit, onDelete, renderRowDetail } = props;
  const [deleting, setDeleting] = useState<T | null>(null);
  const hasActions = Boolean(onEdit || onDelete);
  const total = props.total ?? rows?.length ?? 0;
  const page = list?.query.page ?? 1;
  const perPage = list?.query.perPage ?? total;
  const setPage = list?.setPage;
  // read at once, not after a first render as a table that would flash on a phone
  const asCards = useMediaQuery(CARDS_QUERY, false, { getInitialValueInEffect: false });
  // a phone's cards have no header cells to sort by: a sort field stands in the toolbar
  const sortsCards = asCards && list && columns.some((column) => column.sortKey);

  // A delete (or someone else's) can empty the last page: step back to one with rows.
  useEffect(() => {
    if (!setPage || props.total === undefined) return;
    const last = clampPage(page, props.total, perPage);
    if (last !== page) setPage(last);
  }, [page, perPage, props.total, setPage]);

  const emptyMessage = list?.query.q
    ? t('list.noMatches', { q: list.query.q })
    : (props.emptyMessage ?? t('list.empty'));
  // the same body on a wide screen (table rows) and on a phone (cards)
  const body: DataTableBodyProps<T> = {
    columns,
    rows,
    isLoading: props.isLoading,
    emptyMessage,
    getRowKey: props.getRowKey,
    getRowLabel: props.getRowLabel,
    onEdit,
    onDelete: onDelete ? setDeleting : undefined,
    renderRowDetail,
  };

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

  return (
    <Paper radius="lg" p={0} style={{ overflow: 'hidden' }}>
      {props.searchLabel || props.toolbar || sortsCards ? (
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
          {sortsCards ? <DataTableSort columns={columns} list={list} /> : null}
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
          {asCards ? (
            <DataTableCards caption={props.caption} {...body} />
          ) : (
            // focusable, so keyboard users can scroll a table without row actions sideways
            <Table.ScrollContainer
              minWidth={props.minWidth ?? 640}
              type="native"
              tabIndex={0}
              role="region"
              aria-label={props.caption}
              // the empty state's width follows this box's visible width (cqw), not the table's
              style={{ containerType: 'inline-size' }}
            >
              <Table verticalSpacing="sm" horizontalSpacing="md" highlightOnHover tabularNums>
                <Table.Caption style={visuallyHidden}>{props.caption}</Table.Caption>
                <Table.Thead bg="gray.0">
                  <Table.Tr>
                    {header}
                    {hasActions ? <PlainTh align="right">{t('list.actions')}</PlainTh> : null}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  <DataTableRows {...body} />
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </Box>
      )}
      {list && !(props.isError && !rows) ? (
        <PaginationFooter
          p="md"
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
