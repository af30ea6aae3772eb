// @vitest-environment happy-dom
import type { ProductListItem } from '@esd/shared/catalogue/catalogue.schemas';
import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '@/lib/i18n/i18n';
import common from '@/lib/i18n/locales/en.json';
import en from '../locales/en.json';
import { ProductGrid } from './product-grid';

const product = (id: number): ProductListItem => ({
  id,
  sku: `SKU-${id}`,
  FullTitle: `Product ${id}`,
  Description: `What product ${id} does`,
  Amount: `${id}.50`,
  cash: null,
  credit: null,
  provider_id: 1,
  is_returnable: id % 2 === 0,
  category_id: 1,
  category: 'Security',
  image_url: null,
  licence_type: 'ESD key',
  delivery_time: 'Instant',
});

/** The grid with basket controls that count how often each card asked for them. */
const renderGrid = (products: ProductListItem[]) => {
  const asked = new Map<number, number>();
  const renderActions = (item: ProductListItem) => {
    asked.set(item.id, (asked.get(item.id) ?? 0) + 1);
    return <button type="button">Add {item.FullTitle}</button>;
  };
  const view = render(
    <MantineProvider>
      <MemoryRouter>
        <ProductGrid products={products} renderActions={renderActions} />
      </MemoryRouter>
    </MantineProvider>,
  );
  return { asked, view };
};

describe('ProductGrid (issue 35: a page of cards in slices a phone answers taps between)', () => {
  beforeAll(async () => {
    await initI18n({ startup: async () => ({ ...common, products: en }), pages: async () => ({}) });
  });
  afterEach(cleanup);

  it('shows the first card at once, holds the others’ places and is busy until every card is in', async () => {
    const products = Array.from({ length: 10 }, (_, i) => product(i + 1));
    const { view } = renderGrid(products);
    const grid = view.container.querySelector('[aria-busy]');

    expect(screen.getAllByRole('article')).toHaveLength(1);
    expect(grid?.children).toHaveLength(10);
    expect(grid?.getAttribute('aria-busy')).toBe('true');

    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(10));
    expect(view.container.querySelector('[aria-busy]')).toBeNull();
    // in the page's order, each with its title, price and controls
    const titles = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(titles).toEqual(products.map((p) => p.FullTitle));
    const first = screen.getAllByRole('article')[0];
    expect(first?.textContent).toContain('$1.50');
    expect(first?.textContent).toContain('Not returnable');
    expect(screen.getAllByRole('button', { name: /^Add Product/ })).toHaveLength(10);
  });

  it('renders a card once: a later slice does not render the cards already in', async () => {
    const products = Array.from({ length: 10 }, (_, i) => product(i + 1));
    const { asked } = renderGrid(products);
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(10));
    expect([...asked.values()]).toEqual(Array.from({ length: 10 }, () => 1));
  });
});
