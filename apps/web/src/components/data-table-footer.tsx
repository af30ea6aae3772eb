import { Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageLinks } from './page-links';
import { PageSizeSelect } from './page-size-select';

const PAGE_SIZES = ['10', '25', '50', '100'];

type DataTableFooterProps = {
  page: number;
  perPage: number;
  total: number;
  onPageChange: (page: number) => void;
  onPerPageChange: (perPage: number) => void;
};

/** Page size picker (stored as itemsPerPage), the row count and the page links. */
export const DataTableFooter = ({
  page,
  perPage,
  total,
  onPageChange,
  onPerPageChange,
}: DataTableFooterProps) => {
  const { t } = useTranslation();
  const pageCount = Math.max(1, Math.ceil(total / perPage));

  return (
    <Group justify="space-between" p="md" gap="sm">
      <Group gap="sm" align="flex-end">
        <PageSizeSelect
          label={t('list.perPage')}
          sizes={PAGE_SIZES}
          perPage={perPage}
          onPerPageChange={onPerPageChange}
          w={120}
        />
        <Text size="sm" c="dimmed" pb={4} aria-live="polite">
          {t('list.total', { count: total })}
        </Text>
      </Group>
      {pageCount > 1 ? (
        <PageLinks total={pageCount} value={Math.min(page, pageCount)} onChange={onPageChange} />
      ) : null}
    </Group>
  );
};
