import { Box, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { memo, type ReactElement, useMemo, useRef } from 'react';
import { useRevealedCount, useRevealedItemHeight } from '@/lib/use-revealed-count';
import type { DataTableBodyProps, DataTableColumn } from './data-table-rows';
import { RowActions } from './row-actions';

type DataTableCardsProps<T> = DataTableBodyProps<T> & {
  /** the list's accessible name (the table's caption on a wide screen) */
  caption: string;
};

/**
 * Where each column goes on a card: the `title` column (else the first) heads it, `aside`
 * columns stand at its top right (a status, a total, a row menu), `hidden` ones stay out and
 * every other column is a labelled field below.
 */
export const cardParts = <T,>(columns: DataTableColumn<T>[]) => {
  const title = columns.find((column) => column.card === 'title') ?? columns[0];
  return {
    title,
    aside: columns.filter((column) => column !== title && column.card === 'aside'),
    fields: columns.filter(
      (column) => column !== title && column.card !== 'aside' && column.card !== 'hidden',
    ),
  };
};

type DataCardProps<T> = Pick<
  DataTableBodyProps<T>,
  'getRowLabel' | 'onEdit' | 'onDelete' | 'renderRowDetail'
> & { row: T; parts: ReturnType<typeof cardParts<T>> };

/**
 * One row's card, rendered again only when its row or the list's columns and actions change:
 * a slice adds cards without rendering the ones already in.
 */
const DataCard = memo(
  <T,>({ row, parts, getRowLabel, onEdit, onDelete, renderRowDetail }: DataCardProps<T>) => {
    const { title, aside, fields } = parts;
    const detail = renderRowDetail?.(row);
    const hasActions = Boolean(onEdit || onDelete);
    return (
      <Paper component="li" withBorder radius="md" p="sm" data-testid="data-card">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
          <Box miw={0} style={{ flex: 1, overflowWrap: 'anywhere' }}>
            {title?.render(row)}
          </Box>
          {aside.length > 0 || hasActions ? (
            // at most half the card, so a long note beside a status never squeezes the
            // title into a column of single letters
            <Stack
              gap={4}
              align="flex-end"
              maw="50%"
              style={{ flexShrink: 0, textAlign: 'right', overflowWrap: 'anywhere' }}
            >
              {aside.map((column) => (
                <Box key={column.key} fz="sm" fw={column.align === 'right' ? 600 : undefined}>
                  {column.render(row)}
                </Box>
              ))}
              {hasActions ? (
                <RowActions
                  label={getRowLabel(row)}
                  onEdit={onEdit ? () => onEdit(row) : undefined}
                  onDelete={onDelete ? () => onDelete(row) : undefined}
                />
              ) : null}
            </Stack>
          ) : null}
        </Group>
        {fields.length > 0 ? (
          <Box
            component="dl"
            m={0}
            mt="xs"
            style={{
              display: 'grid',
              gridTemplateColumns: 'repeat(auto-fill, minmax(8.5rem, 1fr))',
              gap: '6px 12px',
            }}
          >
            {fields.map((column) => (
              <Box key={column.key} miw={0} style={{ overflowWrap: 'anywhere' }}>
                <Text component="dt" size="xs" c="dimmed">
                  {column.header}
                </Text>
                <Box component="dd" m={0} fz="sm" style={{ display: 'flex' }}>
                  {column.render(row)}
                </Box>
              </Box>
            ))}
          </Box>
        ) : null}
        {detail ? (
          <Box mt="sm" p="sm" bg="indigo.0" style={{ borderRadius: 'var(--mantine-radius-sm)' }}>
            {detail}
          </Box>
        ) : null}
      </Paper>
    );
  },
) as <T>(props: DataCardProps<T> & { key?: string | number }) => ReactElement;

/** Cards rendered with the list itself: what a phone shows first. */
const FIRST_CARDS = 2;

/**
 * The rows of a DataTable as cards, for a phone: each row's title, status and amount stay in
 * view without a sideways scroll, and the other columns follow as labelled fields. Past the
 * first two the cards come in slices (`useRevealedCount`, as the product grid's: a page of ten
 * orders was one long task on a slow phone, issue 35), each holding its place until then.
 */
export const DataTableCards = <T,>(props: DataTableCardsProps<T>) => {
  const { columns, rows, onEdit, onDelete, renderRowDetail } = props;
  const parts = useMemo(() => cardParts(columns), [columns]);
  const list = useRef<HTMLUListElement>(null);
  const shown = useRevealedCount(rows ?? [], FIRST_CARDS);
  const isRevealing = rows !== undefined && shown < rows.length;
  useRevealedItemHeight(list, isRevealing);

  if (!rows && props.isLoading) {
    return (
      <Stack gap="sm" p="sm">
        {Array.from({ length: 3 }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholder cards have no identity
          <Skeleton key={index} h={96} radius="md" />
        ))}
      </Stack>
    );
  }
  if (!rows || rows.length === 0) {
    return (
      <Text c="dimmed" ta="center" py={40} px="md">
        {props.emptyMessage}
      </Text>
    );
  }
  return (
    <Box
      ref={list}
      component="ul"
      aria-label={props.caption}
      aria-busy={isRevealing || undefined}
      p="sm"
      m={0}
      style={{
        listStyle: 'none',
        display: 'flex',
        flexDirection: 'column',
        gap: 'var(--mantine-spacing-sm)',
      }}
    >
      {rows.map((row, index) => {
        if (index >= shown) {
          return (
            <li
              key={props.getRowKey(row)}
              aria-hidden
              style={{ minHeight: 'var(--revealed-item-height, 6rem)' }}
            />
          );
        }
        return (
          <DataCard
            key={props.getRowKey(row)}
            row={row}
            parts={parts}
            getRowLabel={props.getRowLabel}
            onEdit={onEdit}
            onDelete={onDelete}
            renderRowDetail={renderRowDetail}
          />
        );
      })}
    </Box>
  );
};
