import { Button } from '@mantine/core';
import { IconArrowLeft, IconHome } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { StatusPage } from '@/components/status-page';
import { paths } from '@/config/paths';

export const Component = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <StatusPage
      code={t('misc.notAuthorized.code')}
      title={t('pages.notAuthorized')}
      description={t('misc.notAuthorized.description')}
      actions={
        <>
          <Button
            variant="default"
            leftSection={<IconArrowLeft size={18} aria-hidden />}
            onClick={() => navigate(-1)}
          >
            {t('actions.goBack')}
          </Button>
          <Button
            component={Link}
            to={paths.home.getHref()}
            leftSection={<IconHome size={18} aria-hidden />}
          >
            {t('actions.goHome')}
          </Button>
        </>
      }
    />
  );
};
