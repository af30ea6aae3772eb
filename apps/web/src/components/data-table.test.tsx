import { MantineProvider } from '@mantine/core';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '@/lib/i18n/i18n';
import en from '@/lib/i18n/locales/en.json';
import { emulateWidth } from '@/test/emulate-width';
import { DataTable, type DataTableColumn } from './data-table';
import { cardParts } from './data-table-cards';

// i18n.ts marks the document's language; this suite runs in Node
(globalThis as { document?: unknown }).document = { documentElement: { lang: '' } };

type Order = { id: number; buyer: string; status: string; total: string; items: number };

const columns: DataTableColumn<Order>[] = [
  { key: 'id', header: 'Order', render: (order) => `#${order.id}` },
  { key: 'buyer', header: 'Buyer', render: (order) => order.buyer },
  { key: 'status', header: 'Status', card: 'aside', render: (order) => order.status },
  { key: 'items', header: 'Items', card: 'hidden', render: (order) => order.items },
  { key: 'total', header: 'Total', card: 'aside', render: (order) => order.total },
];
const rows: Order[] = [
  { id: 41, buyer: 'Caspian Soft', status: 'Completed', total: '$1,250.00', items: 3 },
  { id: 42, buyer: 'Baku Systems', status: 'Pending', total: '$80.00', items: 1 },
];

const render = () =>
  renderToStaticMarkup(
    <MantineProvider>
      <DataTable
        caption="Orders"
        columns={columns}
        rows={rows}
        getRowKey={(order) => order.id}
        getRowLabel={(order) => `#${order.id}`}
        isLoading={false}
        isError={false}
      />
    </MantineProvider>,
  );

describe('DataTable', () => {
  beforeAll(async () => {
    await initI18n({ startup: async () => en, pages: async () => ({}) });
  });
  afterEach(() => {
    delete (globalThis as { window?: unknown }).window;
  });

  it('renders a table on a wide screen', () => {
    emulateWidth(1366);
    const html = render();
    expect(html).toContain('<table');
    expect(html).not.toContain('data-testid="data-card"');
  });

  it('renders one card per row on a 390 px phone, status and total at the top', () => {
    emulateWidth(390);
    const html = render();
    expect(html).not.toContain('<table');
    expect(html).toMatch(/<ul[^>]*aria-label="Orders"/);
    expect(html.match(/data-testid="data-card"/g)).toHaveLength(2);
    const first = html.slice(html.indexOf('#41'), html.indexOf('#42'));
    // the title, then the aside (status and total), then the labelled fields
    expect(first.indexOf('Completed')).toBeGreaterThan(0);
    expect(first.indexOf('$1,250.00')).toBeGreaterThan(first.indexOf('Completed'));
    expect(first).toMatch(/<dt[^>]*>Buyer<\/dt><dd[^>]*>Caspian Soft<\/dd>/);
    // a hidden column stays off the card
    expect(first).not.toContain('Items');
  });

  it("keeps a card's status and total to half its width, so a long note cannot squeeze the title", () => {
    emulateWidth(390);
    const first = render().split('data-testid="data-card"')[1]!;
    const top = first.slice(0, first.indexOf('Completed'));
    const aside = top.slice(top.lastIndexOf('mantine-Group-root'));
    expect(aside).toMatch(/<div style="[^"]*max-width:50%"[^>]*class="[^"]*mantine-Stack-root/);
  });

  it('switches to cards below 600 px only', () => {
    emulateWidth(600);
    expect(render()).not.toContain('<table');
    emulateWidth(601);
    expect(render()).toContain('<table');
  });
});

describe('cardParts', () => {
  it('heads the card with the first column unless one is the title', () => {
    expect(cardParts(columns).title?.key).toBe('id');
    expect(cardParts(columns).aside.map((column) => column.key)).toEqual(['status', 'total']);
    expect(cardParts(columns).fields.map((column) => column.key)).toEqual(['buyer']);
    const titled = columns.map((column) =>
      column.key === 'buyer' ? { ...column, card: 'title' as const } : column,
    );
    expect(cardParts(titled).title?.key).toBe('buyer');
    expect(cardParts(titled).fields.map((column) => column.key)).toEqual(['id']);
  });
});
