import { formatDate } from '@esd/shared/format/format';
import { Anchor, AspectRatio, Card, Center, Group, Image, Stack, Text, Title } from '@mantine/core';
import { IconNews } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { PagedCardGrid } from '@/components/paged-card-grid';
import { paths } from '@/config/paths';
import { useNews } from '../api/get-news';

const PER_PAGE = 9;

export const NewsPage = () => {
  const { t, i18n } = useTranslation();
  const [page, setPage] = useState(1);
  const news = useNews(i18n.language, page, PER_PAGE);

  return (
    <>
      <PageHeader title={t('pages.news')} description={t('news.list.description')} />
      <PagedCardGrid
        query={news}
        perPage={PER_PAGE}
        page={page}
        onPageChange={(next) => {
          setPage(next);
          window.scrollTo({ top: 0 });
        }}
        placeholderHeight={320}
        empty={{ icon: <IconNews size={32} />, text: t('news.list.empty') }}
      >
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
      </PagedCardGrid>
    </>
  );
};
