import { Button } from '@mantine/core';
import { IconHome } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { StatusPage } from '@/components/status-page';
import { paths } from '@/config/paths';

export const Component = () => {
  const { t } = useTranslation();
  return (
    <StatusPage
      code={t('misc.notFound.code')}
      title={t('pages.notFound')}
      description={t('misc.notFound.description')}
      actions={
        <Button
          component={Link}
          to={paths.home.getHref()}
          leftSection={<IconHome size={18} aria-hidden />}
        >
          {t('actions.goHome')}
        </Button>
      }
    />
  );
};
