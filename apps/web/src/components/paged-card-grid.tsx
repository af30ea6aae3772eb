import { Group, Pagination, SimpleGrid, Skeleton, Stack, Text, ThemeIcon } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from './load-failed';

type PagedCardGridProps = {
  /** the page's list query (TanStack Query's fits) */
  query: {
    data: { total: number } | undefined;
    isError: boolean;
    isPending: boolean;
    isFetching: boolean;
    refetch: () => Promise<unknown>;
  };
  perPage: number;
  page: number;
  onPageChange: (page: number) => void;
  /** the height of a card's placeholder while the first page loads */
  placeholderHeight: number;
  /** what an empty list shows: a large icon above a line of text */
  empty: { icon: ReactNode; text: string };
  /** the page's cards */
  children: ReactNode;
};

/**
 * A list shown as cards, three a row on wide screens (the news, the library): a retry when it
 * cannot be read, placeholders, its empty state, then the cards, dimmed while another page
 * loads, and the pages below them.
 */
export const PagedCardGrid = ({
  query,
  perPage,
  page,
  onPageChange,
  placeholderHeight,
  empty,
  children,
}: PagedCardGridProps) => {
  const { t } = useTranslation();
  const total = query.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / perPage));
  if (query.isError && !query.data) {
    return <LoadFailed title={t('list.loadError')} onRetry={() => void query.refetch()} />;
  }
  if (query.isPending) {
    return (
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} aria-busy>
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} h={placeholderHeight} radius="lg" />
        ))}
      </SimpleGrid>
    );
  }
  if (total === 0) {
    return (
      <Stack align="center" py={60} gap="sm">
        <ThemeIcon size={64} radius="xl" variant="light" color="gray" aria-hidden>
          {empty.icon}
        </ThemeIcon>
        <Text c="dimmed">{empty.text}</Text>
      </Stack>
    );
  }
  return (
    <Stack gap="lg" style={{ opacity: query.isFetching ? 0.6 : 1 }} aria-busy={query.isFetching}>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg">
        {children}
      </SimpleGrid>
      {pages > 1 ? (
        <Group justify="center">
          <Pagination
            total={pages}
            value={page}
            onChange={onPageChange}
            getControlProps={(control) => ({
              'aria-label': control === 'next' ? t('actions.nextPage') : t('actions.previousPage'),
            })}
          />
        </Group>
      ) : null}
    </Stack>
  );
};
