import type { MyPrize } from '@esd/shared/events/events.schemas';
import { MantineProvider } from '@mantine/core';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DataTable } from '@/components/data-table';
import { initI18n } from '@/lib/i18n/i18n';
import common from '@/lib/i18n/locales/en.json';
import { emulateWidth } from '@/test/emulate-width';
import events from '../locales/en.json';
import { useMyPrizeColumns } from './my-prizes-list';

// i18n.ts marks the document's language; this suite runs in Node
(globalThis as { document?: unknown }).document = { documentElement: { lang: '' } };

const watch: MyPrize = {
  id: 7,
  prize_id: 6,
  prize_title: 'Smartwatch',
  prize_image_url: null,
  event_id: 2,
  event_title: 'Windows autumn sprint',
  source: 'rank',
  points_spent: 0,
  rank: 2,
  status: 'shipped',
  status_changed_at: '2026-10-14T08:00:00.000Z',
  tracking_note: 'AZ Express courier, tracking number AZX 104 2231',
  delivery: null,
  created_at: '2026-10-13T06:26:00.000Z',
};

const Prizes = ({ rows }: { rows: MyPrize[] }) => (
  <DataTable
    caption="Prizes won in events"
    columns={useMyPrizeColumns()}
    rows={rows}
    getRowKey={(p) => p.id}
    getRowLabel={(p) => p.prize_title}
    isLoading={false}
    isError={false}
    minWidth={480}
  />
);

const render = (node: React.ReactNode) =>
  renderToStaticMarkup(
    <MantineProvider>
      <MemoryRouter>{node}</MemoryRouter>
    </MantineProvider>,
  );

beforeAll(async () => {
  await initI18n({ startup: async () => ({ ...common, events }), pages: async () => ({}) });
});
afterEach(() => {
  delete (globalThis as { window?: unknown }).window;
});

describe('[events] My prizes', () => {
  it('is a card per prize on a 390 px phone: the prize, then its status and tracking note', () => {
    emulateWidth(390);
    const html = render(<Prizes rows={[watch]} />);
    expect(html).not.toContain('<table');
    expect(html).toMatch(/<ul[^>]*aria-label="Prizes won in events"/);
    const card = html.slice(html.indexOf('data-testid="data-card"'));
    expect(card.indexOf('Smartwatch')).toBeGreaterThan(0);
    expect(card.indexOf('Shipped')).toBeGreaterThan(card.indexOf('Smartwatch'));
    expect(card).toContain('Tracking: AZ Express courier, tracking number AZX 104 2231');
    // the date is a labelled field below
    expect(card).toMatch(/<dt[^>]*>Won<\/dt>/);
  });

  it('is a table on a wide screen', () => {
    emulateWidth(1366);
    const html = render(<Prizes rows={[watch]} />);
    expect(html).toContain('<table');
    expect(html).toContain('Tracking: AZ Express courier');
  });
});
