import type { EnrolResult } from '@esd/shared/auth/mfa.schemas';
import { Anchor, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconDeviceMobile, IconFingerprint } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { paths } from '@/config/paths';
import { logout } from '@/lib/session/session';
import { setMustEnrol } from '@/lib/storage';
import { PasskeyEnrolment } from './passkey-enrolment';
import { RecoveryCodes } from './recovery-codes';
import { TotpEnrolment } from './totp-enrolment';

type Stage = 'choose' | 'totp' | 'passkey' | { codes: string[] };

/**
 * After the password, an account whose role requires a second factor and has none sets one up
 * here before anything else (the server answers nothing else to it meanwhile).
 */
export const SecondFactorPage = () => {
  const { t } = useTranslation();
  const [stage, setStage] = useState<Stage>('choose');

  const enter = () => {
    setMustEnrol(false);
    window.location.assign(paths.home.getHref());
  };
  const enrolled = ({ recovery_codes }: EnrolResult) =>
    recovery_codes ? setStage({ codes: recovery_codes }) : enter();

  return (
    <Paper p={{ base: 'lg', sm: 32 }} radius="lg" shadow="sm">
      <Stack gap={4} mb="lg">
        <Title order={1}>{t('pages.secondFactor')}</Title>
        <Text c="dimmed">{t('security.setup.subtitle')}</Text>
      </Stack>
      {typeof stage === 'object' ? (
        <RecoveryCodes codes={stage.codes} onDone={enter} />
      ) : stage === 'totp' ? (
        <TotpEnrolment onEnrolled={enrolled} onCancel={() => setStage('choose')} />
      ) : stage === 'passkey' ? (
        <PasskeyEnrolment onEnrolled={enrolled} onCancel={() => setStage('choose')} />
      ) : (
        <Stack gap="md">
          <Text size="sm">{t('security.setup.choose')}</Text>
          <Button
            size="md"
            leftSection={<IconFingerprint size={18} aria-hidden />}
            onClick={() => setStage('passkey')}
          >
            {t('security.setup.passkey')}
          </Button>
          <Button
            size="md"
            variant="default"
            leftSection={<IconDeviceMobile size={18} aria-hidden />}
            onClick={() => setStage('totp')}
          >
            {t('security.setup.totp')}
          </Button>
          <Group justify="center">
            <Anchor component="button" type="button" size="sm" onClick={() => void logout()}>
              {t('actions.logout')}
            </Anchor>
          </Group>
        </Stack>
      )}
    </Paper>
  );
};
