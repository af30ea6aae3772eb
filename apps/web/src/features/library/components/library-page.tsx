import { formatDate } from '@esd/shared/format/format';
import { Badge, Card, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconBooks, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/page-header';
import { PagedCardGrid } from '@/components/paged-card-grid';
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
      <PagedCardGrid
        query={library}
        perPage={PER_PAGE}
        page={page}
        onPageChange={setPage}
        placeholderHeight={180}
        empty={{
          icon: <IconBooks size={32} />,
          text: q || filters.category || filters.lang ? t('library.noMatches') : t('library.empty'),
        }}
      >
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
      </PagedCardGrid>
    </>
  );
};
