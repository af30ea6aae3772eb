import { Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageLinks } from '@/components/page-links';
import { PageSizeSelect } from '@/components/page-size-select';

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

  return (
    <Group justify="space-between" mt="lg" gap="sm">
      <Group gap="sm" align="flex-end">
        <PageSizeSelect
          label={t('products.page.perPage')}
          sizes={PAGE_SIZES}
          perPage={perPage}
          onPerPageChange={onPerPageChange}
          w={110}
        />
        <Text size="sm" c="dimmed" pb={6} aria-live="polite">
          {t('products.page.total', { count: total })}
        </Text>
      </Group>
      {pageCount > 1 ? (
        <PageLinks total={pageCount} value={Math.min(page, pageCount)} onChange={onPageChange} />
      ) : null}
    </Group>
  );
};
