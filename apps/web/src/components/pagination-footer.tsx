import { Group, type GroupProps, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageLinks } from './page-links';
import { PageSizeSelect } from './page-size-select';

const TABLE_PAGE_SIZES = ['10', '25', '50', '100'];

type PaginationFooterProps = Omit<GroupProps, 'children'> & {
  page: number;
  perPage: number;
  total: number;
  onPageChange: (page: number) => void;
  onPerPageChange: (perPage: number) => void;
  /** The page sizes offered; a table's by default. */
  sizes?: string[];
  /** The size picker's label and the count's words; the tables' `list.*` by default. */
  perPageLabel?: string;
  totalLabel?: string;
};

/**
 * Under a list: the page size picker (stored as itemsPerPage), the count and the page links.
 * The data tables use it as is; the product grid with its own sizes and words.
 */
export const PaginationFooter = ({
  page,
  perPage,
  total,
  onPageChange,
  onPerPageChange,
  sizes = TABLE_PAGE_SIZES,
  perPageLabel,
  totalLabel,
  ...groupProps
}: PaginationFooterProps) => {
  const { t } = useTranslation();
  const pageCount = Math.max(1, Math.ceil(total / perPage));

  return (
    <Group justify="space-between" gap="sm" {...groupProps}>
      <Group gap="sm" align="flex-end">
        <PageSizeSelect
          label={perPageLabel ?? t('list.perPage')}
          sizes={sizes}
          perPage={perPage}
          onPerPageChange={onPerPageChange}
          w={120}
        />
        <Text size="sm" c="dimmed" pb={4} aria-live="polite">
          {totalLabel ?? t('list.total', { count: total })}
        </Text>
      </Group>
      {pageCount > 1 ? (
        <PageLinks total={pageCount} value={Math.min(page, pageCount)} onChange={onPageChange} />
      ) : null}
    </Group>
  );
};
