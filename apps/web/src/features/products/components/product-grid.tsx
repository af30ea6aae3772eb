import type { ProductListItem } from '@esd/shared/catalogue/catalogue.schemas';
import { AspectRatio, Card, SimpleGrid, Skeleton, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { ProductCard } from './product-card';

const productGridCols = { base: 1, xs: 2, lg: 3, xl: 4 };

type ProductGridProps = {
  products: ProductListItem[];
  renderActions?: (product: ProductListItem, place: 'card') => ReactNode;
};

export const ProductGrid = ({ products, renderActions }: ProductGridProps) => (
  <SimpleGrid cols={productGridCols} spacing="md" verticalSpacing="md">
    {products.map((product) => (
      <ProductCard key={product.id} product={product} actions={renderActions?.(product, 'card')} />
    ))}
  </SimpleGrid>
);

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
