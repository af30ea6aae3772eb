import { Group, Pagination, Select, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const PAGE_SIZES = ['10', '20', '50'];

type ProductsPaginationProps = {
  page: number;
  perPage: number;
  total: number;
  onPageChange: (page: number) => void;
  onPerPageChange: (perPage: number) => void;
};

/** Page size (10 / 20 / 50, kept as `itemsPerPage`), the count, and the pages. */
export const ProductsPagination = ({
  page,
  perPage,
  total,
  onPageChange,
  onPerPageChange,
}: ProductsPaginationProps) => {
  const { t } = useTranslation();
  const pageCount = Math.max(1, Math.ceil(total / perPage));
  // a size kept by another list (25, 100) stays selectable here
  const sizes = PAGE_SIZES.includes(String(perPage))
    ? PAGE_SIZES
    : [...PAGE_SIZES, String(perPage)];

  return (
    <Group justify="space-between" mt="lg" gap="sm">
      <Group gap="sm" align="flex-end">
        <Select
          label={t('products.page.perPage')}
          data={sizes.sort((a, b) => Number(a) - Number(b))}
          value={String(perPage)}
          onChange={(value) => {
            const next = Number(value);
            if (Number.isInteger(next) && next > 0) onPerPageChange(next);
          }}
          allowDeselect={false}
          w={110}
          size="xs"
        />
        <Text size="sm" c="dimmed" pb={6} aria-live="polite">
          {t('products.page.total', { count: total })}
        </Text>
      </Group>
      {pageCount > 1 ? (
        <Pagination
          total={pageCount}
          value={Math.min(page, pageCount)}
          onChange={onPageChange}
          size="sm"
          withEdges
          getControlProps={(control) => ({
            'aria-label': {
              first: t('actions.firstPage'),
              previous: t('actions.previousPage'),
              next: t('actions.nextPage'),
              last: t('actions.lastPage'),
            }[control],
          })}
        />
      ) : null}
    </Group>
  );
};
