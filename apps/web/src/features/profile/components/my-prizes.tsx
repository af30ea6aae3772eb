import { Badge, Group, Paper, Text, ThemeIcon, Title } from '@mantine/core';
import { IconGift } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** "My prizes" arrives with the events issue; the section says so meanwhile. */
export const MyPrizes = () => {
  const { t } = useTranslation();
  return (
    <Paper p="lg" radius="lg" component="section" aria-labelledby="profile-prizes-heading">
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4" id="profile-prizes-heading">
          {t('profile.prizes.heading')}
        </Title>
        <Badge variant="light" color="indigo" tt="none">
          {t('misc.comingSoon.title')}
        </Badge>
      </Group>
      <Group gap="md" wrap="nowrap" align="flex-start">
        <ThemeIcon variant="light" size={44} radius="xl" aria-hidden>
          <IconGift size={24} />
        </ThemeIcon>
        <Text c="dimmed" size="sm">
          {t('profile.prizes.description')}
        </Text>
      </Group>
    </Paper>
  );
};
