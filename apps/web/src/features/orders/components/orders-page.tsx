import { Box } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageHeader } from '@/components/page-header';
import type { ListControls } from '@/components/use-list-query';
import { paths } from '@/config/paths';
import { getItemsPerPage, getUserRole, setItemsPerPage } from '@/lib/storage';
import { useOrders } from '../api/get-orders';
import { ExportButtons } from './export-buttons';
import { LateDeliveriesAlert } from './late-deliveries-alert';
import type { RenderOrderExtras } from './order-detail';
import { OrderDrawer } from './order-drawer';
import {
  hasFilters,
  ORDER_PARAM,
  type OrderFilters,
  parseOrderFilters,
  toExportQuery,
  toOrdersQuery,
  toOrdersSearch,
} from './order-filters';
import { OrdersFilters } from './orders-filters';
import { OrdersTable } from './orders-table';

const readOrderParam = (value: string | null) => {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : undefined;
};

/**
 * /pages/orders: filters and page in the URL, the stored page size, export of what is
 * filtered, and an order's detail in a drawer at `?order=<id>` (a link that can be shared).
 * `topBlock` (composed in app/) shows above the list for everyone but end users;
 * `renderOrderExtras` (composed in app/) adds to an order's detail ("Order again").
 */
export const OrdersPage = ({
  topBlock,
  renderOrderExtras,
}: {
  topBlock?: ReactNode;
  renderOrderExtras?: RenderOrderExtras;
}) => {
  const { t } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  const [perPage, setPerPageState] = useState(getItemsPerPage);
  const filters = parseOrderFilters(searchParams);
  const openOrder = readOrderParam(searchParams.get(ORDER_PARAM));
  const role = getUserRole();
  const isAdmin = role === 'gd' || role === 'ld';
  const orders = useOrders(toOrdersQuery(filters, perPage));

  const setFilters = (next: OrderFilters, options: { keepOrder?: boolean } = {}) =>
    setSearchParams(toOrdersSearch(next, options.keepOrder ? openOrder : undefined));

  const list: ListControls = {
    query: { page: filters.page, perPage, order: 'asc' },
    search: '',
    setSearch: () => {},
    setPage: (page) => setFilters({ ...filters, page }, { keepOrder: true }),
    setPerPage: (value) => {
      setItemsPerPage(value);
      setPerPageState(value);
      setFilters({ ...filters, page: 1 }, { keepOrder: true });
    },
    toggleSort: () => {},
  };

  const hrefOf = (id: number) => `${paths.orders.getHref()}?${toOrdersSearch(filters, id)}`;
  // the form starts again from the URL whenever the applied filters change
  const formKey = toOrdersSearch({ ...filters, page: 1 }).toString();

  return (
    <>
      <PageHeader
        title={t('pages.orders')}
        description={t('orders.page.description')}
        actions={<ExportButtons query={toExportQuery(filters)} />}
      />
      {role !== 'u' && topBlock ? <Box mb="md">{topBlock}</Box> : null}
      {isAdmin ? <LateDeliveriesAlert hrefOf={hrefOf} /> : null}
      <OrdersFilters
        key={formKey}
        filters={filters}
        onChange={(next) => setFilters(next)}
        canFilterWaiting={isAdmin}
      />
      <OrdersTable
        rows={orders.data?.items}
        total={orders.data?.total ?? 0}
        list={list}
        isLoading={orders.isPending}
        isFetching={orders.isFetching && orders.isPlaceholderData}
        isError={orders.isError}
        onRetry={() => void orders.refetch()}
        showBuyer={role !== 'u'}
        isFiltered={hasFilters(filters)}
        hrefOf={hrefOf}
      />
      <OrderDrawer
        orderId={openOrder}
        renderExtras={renderOrderExtras}
        onClose={() => setSearchParams(toOrdersSearch(filters), { replace: true })}
      />
    </>
  );
};
