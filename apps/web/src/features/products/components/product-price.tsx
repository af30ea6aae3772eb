import type { ProductListItem } from '@esd/shared/catalogue/catalogue.schemas';
import { formatAzn, formatUsd } from '@esd/shared/format/format';
import { useTranslation } from 'react-i18next';
import classes from './product-price.module.css';

type ProductPriceProps = {
  product: Pick<ProductListItem, 'Amount' | 'cash' | 'credit'>;
  size?: 'md' | 'lg';
};

/**
 * Spec 1 and 9: the USD price excluding VAT; AZN cash and credit amounts including VAT for
 * users who pay in manats (the server sends them only to those users). Plain elements: it is in
 * every product card (product-price.module.css).
 */
export const ProductPrice = ({ product, size = 'md' }: ProductPriceProps) => {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const azn = [
    { key: 'cash', value: product.cash },
    { key: 'credit', value: product.credit },
  ] as const;
  const hasAzn = azn.some(({ value }) => value !== null);

  return (
    <div className={classes.price}>
      <div className={classes.usd}>
        <p className={classes.amount} data-size={size}>
          {formatUsd(product.Amount, lang)}
        </p>
        <span className={classes.note}>{t('products.price.exclVat')}</span>
      </div>
      {hasAzn ? (
        <div className={classes.azn}>
          {azn.map(({ key, value }) =>
            value === null ? null : (
              <div key={key} style={{ display: 'contents' }}>
                <span className={classes.label}>{t(`products.price.${key}`)}</span>
                <span className={classes.value}>{formatAzn(value, lang)}</span>
                <span className={classes.note}>{t('products.price.inclVat')}</span>
              </div>
            ),
          )}
        </div>
      ) : null}
    </div>
  );
};
