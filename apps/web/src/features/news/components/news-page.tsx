import {
  Anchor,
  AspectRatio,
  Card,
  Center,
  Group,
  Image,
  Pagination,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconNews } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoadFailed } from '@/components/load-failed';
import { PageHeader } from '@/components/page-header';
import { paths } from '@/config/paths';
import { formatDate } from '@/lib/format';
import { useNews } from '../api/get-news';

const PER_PAGE = 9;

export const NewsPage = () => {
  const { t, i18n } = useTranslation();
  const [page, setPage] = useState(1);
  const news = useNews(i18n.language, page, PER_PAGE);
  const total = news.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PER_PAGE));

  return (
    <>
      <PageHeader title={t('pages.news')} description={t('news.list.description')} />
      {news.isError && !news.data ? (
        <LoadFailed title={t('list.loadError')} onRetry={() => void news.refetch()} />
      ) : news.isPending ? (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} aria-busy>
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} h={320} radius="lg" />
          ))}
        </SimpleGrid>
      ) : total === 0 ? (
        <Stack align="center" py={60} gap="sm">
          <ThemeIcon size={64} radius="xl" variant="light" color="gray" aria-hidden>
            <IconNews size={32} />
          </ThemeIcon>
          <Text c="dimmed">{t('news.list.empty')}</Text>
        </Stack>
      ) : (
        <Stack gap="lg" style={{ opacity: news.isFetching ? 0.6 : 1 }} aria-busy={news.isFetching}>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg">
            {news.data?.items.map((item) => {
              const href = paths.newsArticle.getHref({ id: item.id });
              return (
                <Card key={item.id} component="article" radius="lg" withBorder padding="lg">
                  <Card.Section>
                    <AspectRatio ratio={16 / 9}>
                      {item.image_url ? (
                        <Image src={item.image_url} alt="" fit="cover" />
                      ) : (
                        <Center bg="indigo.0" aria-hidden>
                          <IconNews size={48} stroke={1.2} color="var(--mantine-color-indigo-4)" />
                        </Center>
                      )}
                    </AspectRatio>
                  </Card.Section>
                  <Stack gap="xs" mt="md">
                    <Text size="sm" c="dimmed">
                      <time dateTime={item.publish_at}>
                        {formatDate(item.publish_at, i18n.language)}
                      </time>
                    </Text>
                    <Title order={2} fz="lg" lh={1.3}>
                      <Anchor component={Link} to={href} c="inherit" underline="hover">
                        {item.title}
                      </Anchor>
                    </Title>
                    <Text size="sm" lineClamp={4}>
                      {item.excerpt}
                    </Text>
                    <Group>
                      <Anchor
                        component={Link}
                        to={href}
                        size="sm"
                        fw={600}
                        aria-label={t('news.list.readMoreAbout', { title: item.title })}
                      >
                        {t('news.list.readMore')}
                      </Anchor>
                    </Group>
                  </Stack>
                </Card>
              );
            })}
          </SimpleGrid>
          {pages > 1 ? (
            <Group justify="center">
              <Pagination
                total={pages}
                value={page}
                onChange={(next) => {
                  setPage(next);
                  window.scrollTo({ top: 0 });
                }}
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
