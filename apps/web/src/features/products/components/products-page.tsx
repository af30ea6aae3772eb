import type { ProductListItem } from '@esd/shared/catalogue/catalogue.schemas';
import { Button, EmptyState, Paper } from '@mantine/core';
import { IconSearchOff } from '@tabler/icons-react';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from '@/components/load-failed';
import { PageHeader } from '@/components/page-header';
import { PaginationFooter } from '@/components/pagination-footer';
import { getItemsPerPage, setItemsPerPage } from '@/lib/storage';
import { useProducts } from '../api/get-products';
import { ProductGrid, ProductGridSkeleton } from './product-grid';
import { ProductsToolbar } from './products-toolbar';
import { useProductsParams } from './use-products-params';

/** The product grid offers its own page sizes (a table offers 10 / 25 / 50 / 100). */
const PRODUCT_PAGE_SIZES = ['10', '20', '50'];

export type ProductsPageProps = {
  /** the "Pay by" control, for shoppers allowed cash and credit */
  sellTypeControl?: ReactNode;
  /** the basket controls of a card; absent for roles that only browse (spec 6) */
  renderBasketActions?: (product: ProductListItem, place: 'card') => ReactNode;
};

export const ProductsPage = ({ sellTypeControl, renderBasketActions }: ProductsPageProps) => {
  const { t } = useTranslation();
  const [params, update] = useProductsParams();
  const [perPage, setPerPage] = useState(getItemsPerPage);
  const q = params.q.trim();
  const products = useProducts({
    page: params.page,
    perPage,
    q: q || undefined,
    category_id: params.categoryId,
    sort: params.sort,
  });

  // a page past the end (an old link, a smaller page size): go to the last page instead
  const lastPage = products.data ? Math.max(1, Math.ceil(products.data.total / perPage)) : 1;
  const isPastEnd = products.data !== undefined && params.page > lastPage;
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when the page falls off the end
  useEffect(() => {
    if (isPastEnd) update({ page: lastPage });
  }, [isPastEnd, lastPage]);

  const changePerPage = (next: number) => {
    setItemsPerPage(next);
    setPerPage(next);
    update({ page: 1 });
  };

  const hasFilters = q !== '' || params.categoryId !== undefined;
  let results: ReactNode;
  if (products.isPending) {
    results = <ProductGridSkeleton count={Math.min(perPage, 8)} />;
  } else if (products.isError && !products.data) {
    results = (
      <LoadFailed title={t('products.page.loadError')} onRetry={() => void products.refetch()} />
    );
  } else if (products.data.items.length === 0) {
    results = (
      <Paper p={{ base: 'lg', sm: 'xl' }} radius="lg">
        <EmptyState
          variant="light"
          size="lg"
          icon={<IconSearchOff size={34} stroke={1.5} aria-hidden />}
        >
          <EmptyState.Title order={2}>{t('products.empty.title')}</EmptyState.Title>
          <EmptyState.Description maw={420}>
            {t('products.empty.description')}
          </EmptyState.Description>
          {hasFilters ? (
            <EmptyState.Actions>
              <Button variant="light" onClick={() => update({ q: '', categoryId: undefined })}>
                {t('products.empty.reset')}
              </Button>
            </EmptyState.Actions>
          ) : null}
        </EmptyState>
      </Paper>
    );
  } else {
    results = (
      <>
        <ProductGrid products={products.data.items} renderActions={renderBasketActions} />
        <PaginationFooter
          mt="lg"
          sizes={PRODUCT_PAGE_SIZES}
          perPageLabel={t('products.page.perPage')}
          totalLabel={t('products.page.total', { count: products.data.total })}
          page={params.page}
          perPage={perPage}
          total={products.data.total}
          onPageChange={(page) => {
            update({ page });
            window.scrollTo({ top: 0 });
          }}
          onPerPageChange={changePerPage}
        />
      </>
    );
  }

  return (
    <>
      <PageHeader title={t('pages.products')} description={t('products.page.description')} />
      <ProductsToolbar params={params} onChange={update} extra={sellTypeControl} />
      <section
        aria-label={t('products.page.results')}
        aria-busy={products.isFetching || undefined}
        style={{ opacity: products.isPlaceholderData ? 0.6 : 1, transition: 'opacity 150ms' }}
      >
        {results}
      </section>
    </>
  );
};
