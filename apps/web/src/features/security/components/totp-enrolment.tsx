import type { EnrolResult, TotpSetup } from '@esd/shared/auth/mfa.schemas';
import { Alert, Button, Code, Group, Image, Loader, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getErrorMessage } from '@/lib/notify';
import { useConfirmTotp, useSetupTotp } from '../api/second-factors';

/** The otpauth:// URI as a QR code; the library loads only on this screen. */
const useQrCode = (uri: string | undefined) => {
  const [image, setImage] = useState<string | null>(null);
  useEffect(() => {
    if (!uri) return;
    let isCurrent = true;
    import('qrcode')
      .then((qr) => qr.toDataURL(uri, { margin: 1, width: 200 }))
      .then((url) => {
        if (isCurrent) setImage(url);
      })
      .catch(() => setImage(null));
    return () => {
      isCurrent = false;
    };
  }, [uri]);
  return image;
};

/** Set up an authenticator app: scan (or type the key), then prove it with a first code. */
export const TotpEnrolment = ({
  onEnrolled,
  onCancel,
}: {
  onEnrolled: (result: EnrolResult) => void;
  onCancel?: () => void;
}) => {
  const { t } = useTranslation();
  const setup = useSetupTotp();
  const confirm = useConfirmTotp();
  const [secret, setSecret] = useState<TotpSetup | null>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const qr = useQrCode(secret?.uri);
  const { mutate: start } = setup;

  useEffect(() => {
    start(undefined, {
      onSuccess: setSecret,
      onError: (failure) => setError(getErrorMessage(failure)),
    });
  }, [start]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    confirm.mutate(code, {
      onSuccess: onEnrolled,
      onError: (failure) => setError(getErrorMessage(failure)),
    });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Text size="sm">{t('security.totp.scan')}</Text>
        <Group justify="center" mih={200}>
          {qr ? (
            <Image src={qr} w={200} h={200} alt={t('security.totp.qrAlt')} />
          ) : (
            <Loader aria-label={t('security.totp.loading')} />
          )}
        </Group>
        {secret ? (
          <Text size="sm">
            {t('security.totp.manual')} <Code data-testid="totp-secret">{secret.secret}</Code>
          </Text>
        ) : null}
        <TextInput
          label={t('security.totp.codeLabel')}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={7}
          value={code}
          onChange={(event) => setCode(event.currentTarget.value)}
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
          <Button type="submit" loading={confirm.isPending} disabled={!secret}>
            {t('security.totp.confirm')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
};
