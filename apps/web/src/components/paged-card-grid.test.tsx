import { MantineProvider } from '@mantine/core';
import { renderToStaticMarkup } from 'react-dom/server';
import { beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '@/lib/i18n/i18n';
import en from '@/lib/i18n/locales/en.json';
import { PagedCardGrid } from './paged-card-grid';

// i18n.ts marks the document's language; this suite runs in Node
(globalThis as { document?: unknown }).document = { documentElement: { lang: '' } };

type Query = Parameters<typeof PagedCardGrid>[0]['query'];

const settled: Query = {
  data: { total: 0 },
  isError: false,
  isPending: false,
  isFetching: false,
  refetch: async () => undefined,
};

const render = (query: Partial<Query>, page = 1) =>
  renderToStaticMarkup(
    <MantineProvider>
      <PagedCardGrid
        query={{ ...settled, ...query }}
        perPage={9}
        page={page}
        onPageChange={() => {}}
        placeholderHeight={320}
        empty={{ icon: <svg data-icon="empty" />, text: 'No news yet.' }}
      >
        <article>First card</article>
      </PagedCardGrid>
    </MantineProvider>,
  );

describe('[components] PagedCardGrid', () => {
  beforeAll(async () => {
    await initI18n({ startup: async () => en, pages: async () => ({}) });
  });

  it('shows the empty state, not the cards, for a list without items', () => {
    const html = render({ data: { total: 0 } });
    expect(html).toContain('No news yet.');
    expect(html).not.toContain('First card');
  });

  it('offers a retry when the first page cannot be read, and placeholders while it loads', () => {
    expect(render({ data: undefined, isError: true })).toMatch(/role="alert"/);
    const loading = render({ data: undefined, isPending: true });
    expect(loading).toContain('aria-busy="true"');
    expect(loading).not.toContain('First card');
  });

  it('shows the cards and the pages only when there is more than one', () => {
    const one = render({ data: { total: 9 } });
    expect(one).toContain('First card');
    expect(one).not.toContain('aria-label="Next page"');
    const two = render({ data: { total: 10 } }, 2);
    expect(two).toContain('First card');
    expect(two).toMatch(/aria-label="(Next|Previous) page"/);
  });

  it('dims the cards while another page loads', () => {
    expect(render({ data: { total: 10 }, isFetching: true })).toContain('opacity:0.6');
  });
});
