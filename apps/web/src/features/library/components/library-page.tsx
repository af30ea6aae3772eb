import {
  Badge,
  Card,
  Group,
  Pagination,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconBooks, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from '@/components/load-failed';
import { PageHeader } from '@/components/page-header';
import { formatDate } from '@/lib/format';
import { useLibrary } from '../api/get-library';
import { DownloadButton } from './download-button';
import { FileKindIcon, formatFileSize } from './file-kind';
import { LibraryFilters, type LibraryFilterValues } from './library-filters';

const PER_PAGE = 12;

export const LibraryPage = () => {
  const { t, i18n } = useTranslation();
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 300);
  const [filters, setFilters] = useState<LibraryFilterValues>({ category: null, lang: null });
  const [page, setPage] = useState(1);
  const library = useLibrary({
    page,
    perPage: PER_PAGE,
    q: q || undefined,
    category: filters.category ?? undefined,
    lang: filters.lang ?? undefined,
  });
  const total = library.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PER_PAGE));

  return (
    <>
      <PageHeader title={t('pages.library')} description={t('library.description')} />
      <Paper radius="lg" p="md" mb="lg">
        <Group gap="sm" align="flex-end">
          <TextInput
            label={t('library.search')}
            placeholder={t('list.searchPlaceholder')}
            leftSection={<IconSearch size={16} aria-hidden />}
            type="search"
            value={search}
            onChange={(event) => {
              setSearch(event.currentTarget.value);
              setPage(1);
            }}
            w={{ base: '100%', xs: 320 }}
          />
          <LibraryFilters
            value={filters}
            onChange={(next) => {
              setFilters(next);
              setPage(1);
            }}
          />
        </Group>
      </Paper>
      {library.isError && !library.data ? (
        <LoadFailed title={t('list.loadError')} onRetry={() => void library.refetch()} />
      ) : library.isPending ? (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} aria-busy>
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} h={180} radius="lg" />
          ))}
        </SimpleGrid>
      ) : total === 0 ? (
        <Stack align="center" py={60} gap="sm">
          <ThemeIcon size={64} radius="xl" variant="light" color="gray" aria-hidden>
            <IconBooks size={32} />
          </ThemeIcon>
          <Text c="dimmed">
            {q || filters.category || filters.lang ? t('library.noMatches') : t('library.empty')}
          </Text>
        </Stack>
      ) : (
        <Stack
          gap="lg"
          style={{ opacity: library.isFetching ? 0.6 : 1 }}
          aria-busy={library.isFetching}
        >
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg">
            {library.data?.items.map((doc) => (
              <Card key={doc.id} component="article" radius="lg" withBorder padding="lg">
                <Stack gap="sm" h="100%">
                  <Group gap="md" wrap="nowrap" align="flex-start">
                    <FileKindIcon kind={doc.kind} />
                    <Stack gap={2} style={{ minWidth: 0 }}>
                      <Title order={2} fz="md" lh={1.35}>
                        {doc.title}
                      </Title>
                      <Text size="xs" c="dimmed" truncate="end">
                        {doc.file_name}
                      </Text>
                    </Stack>
                  </Group>
                  {doc.description ? (
                    <Text size="sm" lineClamp={3}>
                      {doc.description}
                    </Text>
                  ) : null}
                  <Group gap={6}>
                    <Badge variant="light" color="indigo">
                      {t(`library.category.${doc.category}`)}
                    </Badge>
                    <Badge variant="outline" color="gray">
                      {t(`library.lang.${doc.lang}`)}
                    </Badge>
                  </Group>
                  <Group justify="space-between" align="flex-end" mt="auto" wrap="nowrap">
                    <Text size="xs" c="dimmed">
                      {doc.kind.toUpperCase()} · {formatFileSize(doc.size_bytes, i18n.language)}
                      <br />
                      {formatDate(doc.updated_at, i18n.language)}
                    </Text>
                    <DownloadButton doc={doc} />
                  </Group>
                </Stack>
              </Card>
            ))}
          </SimpleGrid>
          {pages > 1 ? (
            <Group justify="center">
              <Pagination
                total={pages}
                value={page}
                onChange={setPage}
                getControlProps={(control) => ({
                  'aria-label':
                    control === 'next' ? t('actions.nextPage') : t('actions.previousPage'),
                })}
              />
            </Group>
          ) : null}
        </Stack>
      )}
    </>
  );
};
