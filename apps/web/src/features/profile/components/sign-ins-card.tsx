import type { ActiveSignIn } from '@esd/shared/auth/sign-ins';
import { formatDateTime } from '@esd/shared/format/format';
import {
  Badge,
  Button,
  Group,
  Paper,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconDevices, IconLogout } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { LoadFailed } from '@/components/load-failed';
import { getErrorMessage, notifyError, notifySuccess } from '@/lib/notify';
import { useEndOtherSignIns, useEndSignIn, useSignIns } from '../api/sign-ins';

const PROVIDERS = ['password', 'oidc', 'passkey'] as const;

/** "Chrome on Windows", or whichever half is known, or "Unknown device". */
const useDeviceName = () => {
  const { t } = useTranslation();
  return ({ browser, os }: ActiveSignIn) =>
    browser && os
      ? t('profile.signIns.device', { browser, os })
      : (browser ?? os ?? t('profile.signIns.unknownDevice'));
};

const SignInRow = ({ signIn }: { signIn: ActiveSignIn }) => {
  const { t, i18n } = useTranslation();
  const deviceName = useDeviceName();
  const end = useEndSignIn();
  const provider = (PROVIDERS as readonly string[]).includes(signIn.provider)
    ? t(`profile.signIns.provider.${signIn.provider as (typeof PROVIDERS)[number]}`)
    : signIn.provider;
  return (
    <Group
      component="li"
      justify="space-between"
      align="flex-start"
      wrap="nowrap"
      gap="sm"
      py="xs"
      style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
    >
      <Stack gap={2} style={{ minWidth: 0 }}>
        <Group gap="xs">
          <Text fw={600} title={signIn.user_agent ?? undefined}>
            {deviceName(signIn)}
          </Text>
          {signIn.current ? (
            <Badge size="sm" variant="light" color="green.9">
              {t('profile.signIns.thisDevice')}
            </Badge>
          ) : null}
        </Group>
        <Text size="sm" c="dimmed">
          {[signIn.ip ?? t('profile.signIns.unknownAddress'), provider].join(' · ')}
        </Text>
        <Text size="sm" c="dimmed">
          {t('profile.signIns.started', { at: formatDateTime(signIn.started_at, i18n.language) })}
          {signIn.last_seen_at
            ? ` · ${t('profile.signIns.lastSeen', { at: formatDateTime(signIn.last_seen_at, i18n.language) })}`
            : null}
        </Text>
      </Stack>
      {signIn.current ? null : (
        <Button
          size="xs"
          variant="light"
          color="red"
          loading={end.isPending}
          aria-label={t('profile.signIns.endNamed', { device: deviceName(signIn) })}
          onClick={() =>
            end.mutate(signIn.id, {
              onSuccess: () => notifySuccess(t('profile.signIns.ended')),
              onError: (error) => notifyError(getErrorMessage(error)),
            })
          }
        >
          {t('profile.signIns.end')}
        </Button>
      )}
    </Group>
  );
};

/** The account's active sign-ins: where, how and when; any other one can be ended. */
export const SignInsCard = () => {
  const { t } = useTranslation();
  const signIns = useSignIns();
  const endOthers = useEndOtherSignIns();
  const [confirming, setConfirming] = useState(false);
  const others = signIns.data?.filter((signIn) => !signIn.current).length ?? 0;

  return (
    <Paper p="lg" radius="lg" component="section" aria-labelledby="profile-sign-ins-heading">
      <Group justify="space-between" mb="sm" gap="sm">
        <Group gap="sm">
          <ThemeIcon variant="light" size={36} radius="xl" aria-hidden>
            <IconDevices size={20} />
          </ThemeIcon>
          <Title order={2} size="h4" id="profile-sign-ins-heading">
            {t('profile.signIns.heading')}
          </Title>
        </Group>
        {others > 0 ? (
          <Button
            size="xs"
            variant="default"
            leftSection={<IconLogout size={16} aria-hidden />}
            onClick={() => {
              endOthers.reset();
              setConfirming(true);
            }}
          >
            {t('profile.signIns.endOthers')}
          </Button>
        ) : null}
      </Group>
      <Text size="sm" c="dimmed" mb="xs">
        {t('profile.signIns.hint')}
      </Text>
      {signIns.data ? (
        <Stack component="ul" gap={0} m={0} p={0} style={{ listStyle: 'none' }}>
          {signIns.data.map((signIn) => (
            <SignInRow key={signIn.id} signIn={signIn} />
          ))}
        </Stack>
      ) : signIns.isError ? (
        <LoadFailed title={t('profile.signIns.loadError')} onRetry={() => signIns.refetch()} />
      ) : (
        <Skeleton h={96} radius="md" />
      )}
      <ConfirmDialog
        opened={confirming}
        onClose={() => setConfirming(false)}
        title={t('profile.signIns.endOthersTitle')}
        confirmLabel={t('profile.signIns.endOthers')}
        confirmColor="red"
        isPending={endOthers.isPending}
        error={endOthers.error ? getErrorMessage(endOthers.error) : undefined}
        onConfirm={() =>
          endOthers.mutate(undefined, {
            onSuccess: ({ ended }) => {
              setConfirming(false);
              notifySuccess(t('profile.signIns.endedOthers', { count: ended }));
            },
          })
        }
      >
        <Text size="sm">{t('profile.signIns.endOthersText', { count: others })}</Text>
      </ConfirmDialog>
    </Paper>
  );
};
