import { Group, Pagination, Select, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

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
  const sizes = PAGE_SIZES.includes(String(perPage))
    ? PAGE_SIZES
    : [...PAGE_SIZES, String(perPage)].sort((a, b) => Number(a) - Number(b));

  return (
    <Group justify="space-between" p="md" gap="sm">
      <Group gap="sm" align="flex-end">
        <Select
          label={t('list.perPage')}
          data={sizes}
          value={String(perPage)}
          onChange={(value) => onPerPageChange(Number(value))}
          allowDeselect={false}
          w={120}
          size="xs"
        />
        <Text size="sm" c="dimmed" pb={4} aria-live="polite">
          {t('list.total', { count: total })}
        </Text>
      </Group>
      {pageCount > 1 ? (
        <Pagination
          total={pageCount}
          value={Math.min(page, pageCount)}
          onChange={onPageChange}
          size="sm"
          withEdges
          siblings={1}
          boundaries={1}
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
