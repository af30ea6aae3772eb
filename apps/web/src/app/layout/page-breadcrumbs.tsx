import { Anchor, Breadcrumbs, Text } from '@mantine/core';
import { IconHome } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { useBreadcrumbs } from './use-page-meta';

export const PageBreadcrumbs = () => {
  const { t } = useTranslation();
  const crumbs = useBreadcrumbs();
  if (crumbs.length === 0) return null;

  return (
    <nav aria-label={t('nav.breadcrumb')}>
      <Breadcrumbs separatorMargin={6} mb="md" style={{ flexWrap: 'wrap', rowGap: 4 }}>
        <Anchor
          component={Link}
          to={paths.home.getHref()}
          aria-label={t('nav.home')}
          c="dimmed"
          style={{ display: 'inline-flex' }}
        >
          <IconHome size={16} aria-hidden />
        </Anchor>
        {crumbs.map((crumb, index) => {
          const isLast = index === crumbs.length - 1;
          if (crumb.href && !isLast) {
            return (
              <Anchor key={crumb.key} component={Link} to={crumb.href} size="sm">
                {crumb.label}
              </Anchor>
            );
          }
          return (
            <Text
              key={crumb.key}
              size="sm"
              c={isLast ? undefined : 'dimmed'}
              fw={isLast ? 600 : undefined}
              aria-current={isLast ? 'page' : undefined}
              // a long title (a product's) ends in an ellipsis instead of running off a phone
              truncate="end"
              maw="100%"
            >
              {crumb.label}
            </Text>
          );
        })}
      </Breadcrumbs>
    </nav>
  );
};
