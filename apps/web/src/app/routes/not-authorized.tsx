import { Button } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { MissedPage } from '@/components/missed-page';

export const Component = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <MissedPage
      kind="notAuthorized"
      before={
        <Button
          variant="default"
          leftSection={<IconArrowLeft size={18} aria-hidden />}
          onClick={() => navigate(-1)}
        >
          {t('actions.goBack')}
        </Button>
      }
    />
  );
};
