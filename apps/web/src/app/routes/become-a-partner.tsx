import { Anchor, Group, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ComingSoon } from '@/components/coming-soon';
import { paths } from '@/config/paths';

export const Component = () => {
  const { t } = useTranslation();
  return (
    <>
      <Title order={1} mb="md" ta="center">
        {t('pages.becomePartner')}
      </Title>
      <ComingSoon />
      <Group justify="center" mt="lg">
        <Anchor component={Link} to={paths.login.getHref()} size="sm">
          <Group gap={4} component="span">
            <IconArrowLeft size={16} aria-hidden />
            {t('auth.forgot.backToLogin')}
          </Group>
        </Anchor>
      </Group>
    </>
  );
};
