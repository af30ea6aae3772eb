import { Alert, Text } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** Spec 5: the note that targets are permanent, shown above the list and in the form. */
export const TargetImmutableNote = () => {
  const { t } = useTranslation();
  return (
    <Alert
      color="orange"
      variant="light"
      icon={<IconLock size={20} aria-hidden />}
      title={
        // the light orange title colour falls short of 4.5:1 on its background
        <Text span fw={700} c="var(--mantine-color-text)">
          {t('targets.note.title')}
        </Text>
      }
    >
      {t('targets.note.text')}
    </Alert>
  );
};
