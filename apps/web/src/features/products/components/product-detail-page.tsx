import type { ProductListItem } from '@esd/shared/catalogue/catalogue.schemas';
import {
  AspectRatio,
  Badge,
  Button,
  Grid,
  Paper,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { LoadFailed } from '@/components/load-failed';
import { StatusPage } from '@/components/status-page';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api-error';
import { usePageTitleOverride } from '@/lib/page-title-override';
import { useProduct } from '../api/get-product';
import { ProductDetailsList } from './product-details-list';
import { ProductImage } from './product-image';
import { ProductInfoTabs } from './product-info-tabs';
import { ProductPrice } from './product-price';
import { ReturnableNote } from './returnable-note';

export type ProductDetailPageProps = {
  sellTypeControl?: ReactNode;
  /** `place` lets a control take more room on the product's own page than on a card */
  renderBasketActions?: (product: ProductListItem, place: 'page') => ReactNode;
};

const BackLink = () => {
  const { t } = useTranslation();
  return (
    <Button
      component={Link}
      to={paths.products.getHref()}
      variant="subtle"
      leftSection={<IconArrowLeft size={16} aria-hidden />}
    >
      {t('products.detail.back')}
    </Button>
  );
};

const DetailSkeleton = () => (
  <Stack gap="lg" aria-busy>
    <Stack gap={8}>
      <Skeleton h={20} w={160} />
      <Skeleton h={34} w="70%" />
      <Skeleton h={16} w={220} />
    </Stack>
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, md: 5 }}>
        <AspectRatio ratio={16 / 9}>
          <Skeleton radius="lg" />
        </AspectRatio>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 7 }}>
        <Skeleton h={220} radius="lg" />
      </Grid.Col>
    </Grid>
  </Stack>
);

export const ProductDetailPage = ({
  sellTypeControl,
  renderBasketActions,
}: ProductDetailPageProps) => {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const product = useProduct(id);
  usePageTitleOverride(product.data?.FullTitle);

  const isMissing =
    !Number.isInteger(id) ||
    id <= 0 ||
    (isApiError(product.error) && (product.error.status === 404 || product.error.status === 400));
  if (isMissing) {
    return (
      <StatusPage
        code="404"
        title={t('products.detail.notFoundTitle')}
        description={t('products.detail.notFound')}
        actions={<BackLink />}
      />
    );
  }
  if (product.isError) {
    return (
      <LoadFailed title={t('products.detail.loadError')} onRetry={() => void product.refetch()} />
    );
  }
  if (product.isPending) return <DetailSkeleton />;

  const item = product.data;
  return (
    <Stack gap="lg">
      <Stack gap={6}>
        <Badge variant="light" color="gray" style={{ alignSelf: 'flex-start' }}>
          {item.category}
        </Badge>
        <Title order={1}>{item.FullTitle}</Title>
        <Text size="sm" c="dimmed">
          {t('products.fields.sku')}: {item.sku}
        </Text>
      </Stack>
      <Grid gap="lg" align="stretch">
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Paper radius="lg" style={{ overflow: 'hidden' }}>
            <ProductImage url={item.image_url} alt={item.FullTitle} ratio={16 / 9} iconSize={64} />
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Paper p="md" radius="lg" h="100%">
            <Stack gap="md">
              <ProductPrice product={item} size="lg" />
              {renderBasketActions ? sellTypeControl : null}
              {renderBasketActions?.(item, 'page')}
              <ReturnableNote isReturnable={item.is_returnable} />
            </Stack>
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Paper p="md" radius="lg" component="section" aria-labelledby="product-details">
            <Title order={2} size="h4" mb="sm" id="product-details">
              {t('products.detail.details')}
            </Title>
            <ProductDetailsList product={item} />
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7 }}>
          <ProductInfoTabs product={item} />
        </Grid.Col>
      </Grid>
    </Stack>
  );
};
