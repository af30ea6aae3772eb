import { Alert, Paper, Skeleton, Stack, Switch, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '@/lib/notify';
import { useNoticeSettings } from '../api/get-notice-settings';
import { useSaveNoticeSetting } from '../api/save-notice-setting';

/** The admin's switches for each kind of mail it is sent; each saves as it is flipped. */
export const NoticeSettingsCard = () => {
  const { t } = useTranslation();
  const settings = useNoticeSettings();
  const save = useSaveNoticeSetting();

  return (
    <Paper p="lg" radius="lg" component="section" aria-labelledby="profile-notices-heading">
      <Title order={2} size="h4" mb={4} id="profile-notices-heading">
        {t('notifications.settings.heading')}
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        {t('notifications.settings.description')}
      </Text>
      {settings.data ? (
        <Stack gap="sm">
          {settings.data.settings.map(({ kind, enabled }) => (
            <Switch
              key={kind}
              checked={enabled}
              disabled={save.isPending && save.variables?.kind === kind}
              label={t(`notifications.settings.kinds.${kind}`)}
              onChange={(event) =>
                save.mutate(
                  { kind, enabled: event.currentTarget.checked },
                  { onSuccess: () => notifySuccess(t('notifications.settings.saved')) },
                )
              }
            />
          ))}
        </Stack>
      ) : settings.isError ? (
        <Alert color="red">{t('notifications.settings.loadError')}</Alert>
      ) : (
        <Skeleton h={96} radius="md" />
      )}
    </Paper>
  );
};
