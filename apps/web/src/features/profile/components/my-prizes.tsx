import { Group, Paper, ThemeIcon, Title } from '@mantine/core';
import { IconGift } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * "My prizes": the section around the list of won prizes, which the events feature provides
 * (the app passes it in, so features stay independent of each other).
 */
export const MyPrizes = ({ children }: { children: ReactNode }) => {
  const { t } = useTranslation();
  return (
    <Paper p="lg" radius="lg" component="section" aria-labelledby="profile-prizes-heading">
      <Group gap="sm" mb="sm">
        <ThemeIcon variant="light" size={36} radius="xl" aria-hidden>
          <IconGift size={20} />
        </ThemeIcon>
        <Title order={2} size="h4" id="profile-prizes-heading">
          {t('profile.prizes.heading')}
        </Title>
      </Group>
      {children}
    </Paper>
  );
};
