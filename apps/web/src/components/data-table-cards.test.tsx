// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { DataTableColumn } from './data-table';
import { DataTableCards } from './data-table-cards';

type Order = { id: number; buyer: string; total: string };

describe('DataTableCards (issue 35: a phone’s list in slices)', () => {
  afterEach(cleanup);

  it('shows two cards at once, holds the others’ places while busy, then every card, each rendered once', async () => {
    const rendered = new Map<number, number>();
    const columns: DataTableColumn<Order>[] = [
      {
        key: 'id',
        header: 'Order',
        render: (order) => {
          rendered.set(order.id, (rendered.get(order.id) ?? 0) + 1);
          return `#${order.id}`;
        },
      },
      { key: 'buyer', header: 'Buyer', render: (order) => order.buyer },
      { key: 'total', header: 'Total', card: 'aside', render: (order) => order.total },
    ];
    const rows = Array.from({ length: 8 }, (_, i) => ({
      id: i + 1,
      buyer: `Dealer ${i + 1}`,
      total: `$${i + 1}.00`,
    }));
    render(
      <MantineProvider>
        <DataTableCards
          caption="Orders"
          columns={columns}
          rows={rows}
          isLoading={false}
          emptyMessage="No orders"
          getRowKey={(order) => order.id}
          getRowLabel={(order) => `#${order.id}`}
        />
      </MantineProvider>,
    );
    const list = screen.getByRole('list', { name: 'Orders' });
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
    expect(list.children).toHaveLength(8);
    expect(list.getAttribute('aria-busy')).toBe('true');

    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(8));
    expect(list.getAttribute('aria-busy')).toBeNull();
    expect(screen.getAllByRole('listitem').map((card) => card.textContent?.slice(0, 2))).toEqual(
      rows.map((order) => `#${order.id}`),
    );
    expect([...rendered.values()]).toEqual(rows.map(() => 1));
  });
});
