import type { ProductListItem } from '@esd/shared/catalogue/catalogue.schemas';
import { Card } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import classes from './product-card.module.css';
import { ProductImage } from './product-image';
import { ProductPrice } from './product-price';
import { ReturnableNote } from './returnable-note';

type ProductCardProps = {
  product: ProductListItem;
  /** the basket controls, for shoppers only (spec 6 "Shop rules") */
  actions?: ReactNode;
};

/**
 * Spec 2's card: full title, description, price, basket controls, returnable note. Its text is
 * plain elements styled as Mantine's (product-card.module.css): a page of cards is the product
 * list's heaviest render (issue 35).
 */
export const ProductCard = ({ product, actions }: ProductCardProps) => {
  const href = paths.product.getHref({ id: product.id });
  return (
    <Card component="article" padding="md" radius="lg" withBorder h="100%">
      <Card.Section>
        <Link to={href} tabIndex={-1} aria-hidden>
          <ProductImage url={product.image_url} />
        </Link>
      </Card.Section>
      <div className={classes.body}>
        <span className={classes.category}>{product.category}</span>
        <h2 className={classes.title}>
          <Link to={href} className={`${classes.titleLink} mantine-focus-auto`}>
            {product.FullTitle}
          </Link>
        </h2>
        <p className={classes.description}>{product.Description}</p>
        <ReturnableNote isReturnable={product.is_returnable} />
      </div>
      <div className={classes.footer}>
        <ProductPrice product={product} />
        {actions}
      </div>
    </Card>
  );
};
