import { Paper, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { DataTable, type DataTableColumn, type DataTableProps } from '@/components/data-table';

type OrderTableSectionProps<T> = Omit<DataTableProps<T>, 'caption' | 'minWidth'> & {
  /** the heading's id, which names the section */
  id: string;
  /** the heading, and the table's caption */
  title: string;
  /** what follows the table (the money trail's balance) */
  children?: ReactNode;
};

/** One of an order's tables (documents, payments and refunds): a titled section in the drawer. */
export const OrderTableSection = <T,>({
  id,
  title,
  children,
  ...table
}: OrderTableSectionProps<T>) => (
  <Paper withBorder radius="md" p="md" component="section" aria-labelledby={id}>
    <Title order={3} fz="md" id={id} mb="sm">
      {title}
    </Title>
    <DataTable caption={title} minWidth={560} {...table} />
    {children}
  </Paper>
);

/** An amount: right-aligned on one line; `aside` puts it at the top right of a phone's card. */
export const amountColumn = <T,>(
  key: string,
  header: string,
  render: (row: T) => ReactNode,
  card?: 'aside',
): DataTableColumn<T> => ({ key, header, align: 'right', nowrap: true, card, render });

/** A date and time, on one line. */
export const whenColumn = <T,>(
  key: string,
  header: string,
  render: (row: T) => ReactNode,
): DataTableColumn<T> => ({ key, header, nowrap: true, render });
