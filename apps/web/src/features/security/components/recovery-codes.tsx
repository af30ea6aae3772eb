import { Alert, Button, CopyButton, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The recovery codes, shown once: the server keeps only their hashes. */
export const RecoveryCodes = ({ codes, onDone }: { codes: string[]; onDone: () => void }) => {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      <Alert color="yellow" title={t('security.recovery.title')}>
        {t('security.recovery.intro', { number: codes.length })}
      </Alert>
      <SimpleGrid cols={2} spacing="xs" aria-label={t('security.recovery.listLabel')} role="list">
        {codes.map((code) => (
          <Text key={code} ff="monospace" fw={600} role="listitem">
            {code}
          </Text>
        ))}
      </SimpleGrid>
      <Group justify="space-between">
        <CopyButton value={codes.join('\n')}>
          {({ copied, copy }) => (
            <Button variant="default" onClick={copy}>
              {copied ? t('security.recovery.copied') : t('security.recovery.copy')}
            </Button>
          )}
        </CopyButton>
        <Button onClick={onDone}>{t('security.recovery.saved')}</Button>
      </Group>
    </Stack>
  );
};
