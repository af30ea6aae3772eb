import type { ProductListItem } from '@esd/shared/catalogue/catalogue.schemas';
import { SimpleGrid } from '@mantine/core';
import { memo, type ReactNode, useRef } from 'react';
import { useRevealedCount, useRevealedItemHeight } from '@/lib/use-revealed-count';
import { ProductCard } from './product-card';
import classes from './product-card.module.css';

const productGridCols = { base: 1, xs: 2, lg: 3, xl: 4 };

type ProductGridProps = {
  products: ProductListItem[];
  renderActions?: (product: ProductListItem, place: 'card') => ReactNode;
};

type RenderActions = ProductGridProps['renderActions'];

/**
 * One card of the grid, rendered again only when its product or the basket controls change: a
 * slice adds cards without rendering the ones already in (a page of 10 was 54 card renders).
 */
const GridCard = memo(
  ({ product, renderActions }: { product: ProductListItem; renderActions: RenderActions }) => (
    <ProductCard product={product} actions={renderActions?.(product, 'card')} />
  ),
);

/** Cards rendered with the grid itself: the first row on a phone. */
const FIRST_CARDS = 1;

/**
 * The cards of a page of products. Past the first they are added a few per task (a card
 * is some 50 components, and a page of them rendered at once blocked a slow phone for most of
 * a second, issue 35); until then each holds its place at the first card's height, so nothing
 * below the grid moves as they come in, and the grid is busy.
 */
export const ProductGrid = ({ products, renderActions }: ProductGridProps) => {
  const shown = useRevealedCount(products, FIRST_CARDS);
  const grid = useRef<HTMLDivElement>(null);
  const isRevealing = shown < products.length;
  useRevealedItemHeight(grid, isRevealing);

  return (
    <SimpleGrid
      ref={grid}
      cols={productGridCols}
      spacing="md"
      verticalSpacing="md"
      aria-busy={isRevealing || undefined}
    >
      {products.map((product, index) =>
        index < shown ? (
          <GridCard key={product.id} product={product} renderActions={renderActions} />
        ) : (
          <div key={product.id} className={classes.pending} aria-hidden />
        ),
      )}
    </SimpleGrid>
  );
};

/** What a card's skeleton shows: its picture, then category, title and price lines. */
const SKELETON_LINES = [
  { height: 18, width: '40%' },
  { height: 20, width: '90%' },
  { height: 14, width: '100%' },
  { height: 14, width: '80%' },
  { height: 28, width: '50%', marginTop: 'var(--mantine-spacing-sm)' },
];

/** The grid while a page of products loads, in plain elements (see product-card.module.css). */
export const ProductGridSkeleton = ({ count }: { count: number }) => (
  <SimpleGrid cols={productGridCols} spacing="md" verticalSpacing="md" aria-busy>
    {Array.from({ length: count }, (_, index) => (
      // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
      <div key={index} className={classes.skeleton} aria-hidden>
        <span className={`${classes.bone} ${classes.skeletonImage}`} />
        {SKELETON_LINES.map((line) => (
          <span key={line.height + line.width} className={classes.bone} style={line} />
        ))}
      </div>
    ))}
  </SimpleGrid>
);
