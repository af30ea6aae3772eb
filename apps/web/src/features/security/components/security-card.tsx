import type { EnrolResult } from '@esd/shared/auth/mfa.schemas';
import { formatDateTime } from '@esd/shared/format/format';
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Group,
  Paper,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getErrorMessage, notifyError, notifySuccess } from '@/lib/notify';
import {
  useMfaStatus,
  useRegenerateRecoveryCodes,
  useRemovePasskey,
  useRemoveTotp,
} from '../api/second-factors';
import { PasskeyEnrolment } from './passkey-enrolment';
import { RecoveryCodes } from './recovery-codes';
import { TotpEnrolment } from './totp-enrolment';

type Open = null | 'totp' | 'passkey' | { codes: string[] };

/** Profile: the account's second factors (issue 32): add, list and remove; new recovery codes. */
export const SecurityCard = () => {
  const { t, i18n } = useTranslation();
  const status = useMfaStatus();
  const removeTotp = useRemoveTotp();
  const removePasskey = useRemovePasskey();
  const regenerate = useRegenerateRecoveryCodes();
  const [open, setOpen] = useState<Open>(null);

  const enrolled = ({ recovery_codes }: EnrolResult) => {
    notifySuccess(t('security.profile.added'));
    setOpen(recovery_codes ? { codes: recovery_codes } : null);
  };
  const onError = (error: unknown) => notifyError(getErrorMessage(error));
  const data = status.data;

  return (
    <Paper p="lg" radius="lg" component="section" aria-labelledby="profile-security-heading">
      <Group justify="space-between" mb="xs">
        <Title order={2} size="h4" id="profile-security-heading">
          {t('security.profile.heading')}
        </Title>
        {data ? (
          <Badge color={data.enabled ? 'green.9' : data.required ? 'red.9' : 'gray.7'}>
            {data.enabled ? t('security.profile.on') : t('security.profile.off')}
          </Badge>
        ) : null}
      </Group>
      <Text size="sm" c="dimmed" mb="md">
        {data?.required ? t('security.profile.required') : t('security.profile.intro')}
      </Text>
      {!data ? (
        status.isError ? (
          <Alert color="red">{getErrorMessage(status.error)}</Alert>
        ) : (
          <Skeleton h={120} />
        )
      ) : typeof open === 'object' && open !== null ? (
        <RecoveryCodes codes={open.codes} onDone={() => setOpen(null)} />
      ) : open === 'totp' ? (
        <TotpEnrolment onEnrolled={enrolled} onCancel={() => setOpen(null)} />
      ) : open === 'passkey' ? (
        <PasskeyEnrolment onEnrolled={enrolled} onCancel={() => setOpen(null)} />
      ) : (
        <Stack gap="md">
          <Group justify="space-between" wrap="nowrap">
            <div>
              <Text fw={600}>{t('security.methods.totp')}</Text>
              <Text size="sm" c="dimmed">
                {data.totp
                  ? t('security.profile.totpSince', {
                      date: formatDateTime(data.totp.confirmed_at, i18n.language),
                    })
                  : t('security.profile.totpNone')}
              </Text>
            </div>
            {data.totp ? (
              <Button
                variant="subtle"
                color="red"
                loading={removeTotp.isPending}
                onClick={() =>
                  removeTotp.mutate(undefined, {
                    onSuccess: () => notifySuccess(t('security.profile.removed')),
                    onError,
                  })
                }
              >
                {t('security.profile.remove')}
              </Button>
            ) : (
              <Button variant="light" onClick={() => setOpen('totp')}>
                {t('security.profile.setUp')}
              </Button>
            )}
          </Group>

          <Stack gap={6}>
            <Group justify="space-between" wrap="nowrap">
              <Text fw={600}>{t('security.methods.passkey')}</Text>
              <Button variant="light" onClick={() => setOpen('passkey')}>
                {t('security.passkeys.add')}
              </Button>
            </Group>
            {data.passkeys.length === 0 ? (
              <Text size="sm" c="dimmed">
                {t('security.profile.passkeysNone')}
              </Text>
            ) : (
              <Stack gap={4} role="list" aria-label={t('security.methods.passkey')}>
                {data.passkeys.map((passkey) => (
                  <Group key={passkey.id} justify="space-between" wrap="nowrap" role="listitem">
                    <div>
                      <Text size="sm" fw={500}>
                        {passkey.name}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {t('security.profile.passkeyAdded', {
                          date: formatDateTime(passkey.created_at, i18n.language),
                        })}
                        {passkey.last_used_at
                          ? ` · ${t('security.profile.passkeyUsed', {
                              date: formatDateTime(passkey.last_used_at, i18n.language),
                            })}`
                          : ''}
                      </Text>
                    </div>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={t('security.profile.removePasskey', { name: passkey.name })}
                      loading={removePasskey.isPending && removePasskey.variables === passkey.id}
                      onClick={() =>
                        removePasskey.mutate(passkey.id, {
                          onSuccess: () => notifySuccess(t('security.profile.removed')),
                          onError,
                        })
                      }
                    >
                      <IconTrash size={16} aria-hidden />
                    </ActionIcon>
                  </Group>
                ))}
              </Stack>
            )}
          </Stack>

          {data.enabled ? (
            <Group justify="space-between" wrap="nowrap">
              <div>
                <Text fw={600}>{t('security.methods.recovery')}</Text>
                <Text size="sm" c="dimmed">
                  {t('security.profile.codesLeft', { count: data.recovery_codes_left })}
                </Text>
              </div>
              <Button
                variant="light"
                loading={regenerate.isPending}
                onClick={() =>
                  regenerate.mutate(undefined, {
                    onSuccess: ({ recovery_codes }) => setOpen({ codes: recovery_codes }),
                    onError,
                  })
                }
              >
                {t('security.profile.newCodes')}
              </Button>
            </Group>
          ) : null}
        </Stack>
      )}
    </Paper>
  );
};
