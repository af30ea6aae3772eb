import { formatDate } from '@esd/shared/format/format';
import { Anchor, Box, Image, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { StatusPage } from '@/components/status-page';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api-error';
import { usePageTitleOverride } from '@/lib/page-title-override';
import { useNewsArticle } from '../api/get-news-article';
import { NewsBody } from './news-body';

export const NewsArticlePage = () => {
  const { t, i18n } = useTranslation();
  const id = Number(useParams().id);
  const article = useNewsArticle(i18n.language, id);
  usePageTitleOverride(article.data?.title);

  const back = (
    <Anchor component={Link} to={paths.news.getHref()} size="sm">
      <IconArrowLeft size={14} aria-hidden style={{ verticalAlign: 'middle' }} />{' '}
      {t('news.article.back')}
    </Anchor>
  );

  const isMissing =
    !Number.isInteger(id) ||
    id <= 0 ||
    (isApiError(article.error) && (article.error.status === 404 || article.error.status === 400));
  if (isMissing) {
    return (
      <StatusPage
        code="404"
        title={t('news.article.notFoundTitle')}
        description={t('news.article.notFound')}
        actions={back}
      />
    );
  }
  if (article.isError) {
    return (
      <StatusPage
        title={t('list.loadError')}
        description={t('common.networkError')}
        actions={back}
      />
    );
  }
  if (!article.data) {
    return (
      <Stack gap="md" aria-busy>
        <Skeleton h={28} w="60%" />
        <Skeleton h={240} />
        <Skeleton h={120} />
      </Stack>
    );
  }

  const item = article.data;
  return (
    <Box component="article" maw={820} mx="auto">
      <Stack gap="md">
        {back}
        <Title order={1}>{item.title}</Title>
        <Text c="dimmed" size="sm">
          <time dateTime={item.publish_at}>{formatDate(item.publish_at, i18n.language)}</time>
          {item.status === 'draft' ? ` · ${t('news.status.draft')}` : ''}
        </Text>
        {item.image_url ? (
          <Image src={item.image_url} alt="" radius="lg" mah={420} fit="cover" />
        ) : null}
        <Paper radius="lg" p={{ base: 'md', sm: 'xl' }}>
          <NewsBody text={item.body} />
        </Paper>
      </Stack>
    </Box>
  );
};
