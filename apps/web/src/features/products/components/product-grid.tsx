import type { ProductListItem } from '@esd/shared/catalogue/catalogue.schemas';
import { AspectRatio, Card, SimpleGrid, Skeleton, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { useRevealedCount } from '@/lib/use-revealed-count';
import { ProductCard } from './product-card';

const productGridCols = { base: 1, xs: 2, lg: 3, xl: 4 };

type ProductGridProps = {
  products: ProductListItem[];
  renderActions?: (product: ProductListItem, place: 'card') => ReactNode;
};

/** Cards rendered with the grid itself: the first row on a phone or a tablet. */
const FIRST_CARDS = 2;

/**
 * The cards of a page of products. Past the first row they are added a few per task (a card
 * is some 50 components, and a page of them rendered at once blocked a slow phone for most of
 * a second, issue 35); the grid is busy until the last is in.
 */
export const ProductGrid = ({ products, renderActions }: ProductGridProps) => {
  const shown = useRevealedCount(products, FIRST_CARDS);
  return (
    <SimpleGrid
      cols={productGridCols}
      spacing="md"
      verticalSpacing="md"
      aria-busy={shown < products.length || undefined}
    >
      {products.slice(0, shown).map((product) => (
        <ProductCard
          key={product.id}
          product={product}
          actions={renderActions?.(product, 'card')}
        />
      ))}
    </SimpleGrid>
  );
};

export const ProductGridSkeleton = ({ count }: { count: number }) => (
  <SimpleGrid cols={productGridCols} spacing="md" verticalSpacing="md" aria-busy>
    {Array.from({ length: count }, (_, index) => (
      // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
      <Card key={index} padding="md" radius="lg" withBorder>
        <Card.Section>
          <AspectRatio ratio={2}>
            <Skeleton radius={0} />
          </AspectRatio>
        </Card.Section>
        <Stack gap={10} mt="md">
          <Skeleton h={18} w="40%" />
          <Skeleton h={20} w="90%" />
          <Skeleton h={14} />
          <Skeleton h={14} w="80%" />
          <Skeleton h={28} w="50%" mt="sm" />
        </Stack>
      </Card>
    ))}
  </SimpleGrid>
);
