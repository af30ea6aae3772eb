import type { PrizeHolding } from '@esd/shared/events/events.schemas';
import { MantineProvider } from '@mantine/core';
import { renderToStaticMarkup } from 'react-dom/server';
import { beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '@/lib/i18n/i18n';
import common from '@/lib/i18n/locales/en.json';
import events from '../locales/en.json';
import { MyPrizeStatus } from './my-prize-status';

// i18n.ts marks the document's language; this suite runs in Node
(globalThis as { document?: unknown }).document = { documentElement: { lang: '' } };

const render = (holding: PrizeHolding) =>
  renderToStaticMarkup(
    <MantineProvider>
      <MyPrizeStatus holding={holding} />
    </MantineProvider>,
  );

beforeAll(async () => {
  await initI18n({ startup: async () => ({ ...common, events }), pages: async () => ({}) });
});

describe('[events] MyPrizeStatus', () => {
  const holding: PrizeHolding = {
    source: 'claim',
    status: 'cancelled',
    status_changed_at: '2026-11-02T10:00:00.000Z',
    tracking_note: 'Out of stock at the supplier',
  };

  it("says where the claim's delivery stands and the admin's note", () => {
    const html = render(holding);
    expect(html).toContain('Delivery:');
    expect(html).toContain('Cancelled');
    expect(html).toContain('Tracking: Out of stock at the supplier');
  });

  it('shows the status alone when the viewer is not told the note', () => {
    const html = render({ ...holding, tracking_note: null });
    expect(html).toContain('Cancelled');
    expect(html).not.toContain('Tracking:');
  });
});
