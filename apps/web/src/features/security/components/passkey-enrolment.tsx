import type { EnrolResult } from '@esd/shared/auth/mfa.schemas';
import { Alert, Button, Group, Stack, TextInput } from '@mantine/core';
import { IconFingerprint } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { passkeyErrorMessage } from '@/lib/passkey-error';
import { useAddPasskey } from '../api/second-factors';

/** Adds a passkey of this device or a security key, under a name its owner recognises. */
export const PasskeyEnrolment = ({
  onEnrolled,
  onCancel,
}: {
  onEnrolled: (result: EnrolResult) => void;
  onCancel?: () => void;
}) => {
  const { t } = useTranslation();
  const add = useAddPasskey();
  const [name, setName] = useState(() => t('security.passkeys.defaultName'));
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    add.mutate(name.trim() || t('security.passkeys.defaultName'), {
      onSuccess: onEnrolled,
      onError: (failure) => setError(passkeyErrorMessage(failure, t('security.passkeyFailed'))),
    });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <TextInput
          label={t('security.passkeys.nameLabel')}
          description={t('security.passkeys.nameHint')}
          maxLength={60}
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
        />
        {error ? (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          {onCancel ? (
            <Button variant="default" onClick={onCancel}>
              {t('actions.cancel')}
            </Button>
          ) : null}
          <Button
            type="submit"
            loading={add.isPending}
            leftSection={<IconFingerprint size={18} aria-hidden />}
          >
            {t('security.passkeys.add')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
};
