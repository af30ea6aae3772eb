import type { ProductListItem } from '@esd/shared/catalogue/catalogue.schemas';
import { Anchor, Badge, Card, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { ProductImage } from './product-image';
import { ProductPrice } from './product-price';
import { ReturnableNote } from './returnable-note';

type ProductCardProps = {
  product: ProductListItem;
  /** the basket controls, for shoppers only (spec 6 "Shop rules") */
  actions?: ReactNode;
};

/** Spec 2's card: full title, description, price, basket controls, returnable note. */
export const ProductCard = ({ product, actions }: ProductCardProps) => {
  const href = paths.product.getHref({ id: product.id });
  return (
    <Card component="article" padding="md" radius="lg" withBorder h="100%">
      <Card.Section>
        <Link to={href} tabIndex={-1} aria-hidden>
          <ProductImage url={product.image_url} />
        </Link>
      </Card.Section>
      <Stack gap={8} mt="md" style={{ flexGrow: 1 }}>
        <Badge variant="light" color="gray" size="sm" style={{ alignSelf: 'flex-start' }}>
          {product.category}
        </Badge>
        <Title order={2} fz="md" lh={1.35}>
          <Anchor component={Link} to={href} c="inherit">
            {product.FullTitle}
          </Anchor>
        </Title>
        <Text size="sm" c="dimmed" lineClamp={3}>
          {product.Description}
        </Text>
        <ReturnableNote isReturnable={product.is_returnable} />
      </Stack>
      <Stack gap="sm" mt="md">
        <ProductPrice product={product} />
        {actions}
      </Stack>
    </Card>
  );
};
