import { Button, Group, Image, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconPhotoOff, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ImagePicker } from '@/components/image-picker';
import { IMAGE_MAX_BYTES, IMAGE_TYPES } from '../api/event-settings';

export type ChosenImage = { file: File; preview: string };

/** Picks an event or prize picture; it is sent with the record and saved with it or not at all. */
export const ImageField = ({
  currentUrl,
  chosen,
  onChange,
}: {
  currentUrl: string | null;
  chosen: ChosenImage | null;
  onChange: (image: ChosenImage | null) => void;
}) => {
  const { t } = useTranslation();
  const shown = chosen?.preview ?? currentUrl;
  return (
    <Stack gap={6}>
      <Text fw={500} size="sm">
        {t('events.image.heading')}
      </Text>
      <Group gap="lg" align="flex-start">
        {shown ? (
          <Image
            src={shown}
            alt={chosen ? t('events.image.preview') : t('events.image.current')}
            w={120}
            h={90}
            fit="cover"
            radius="md"
          />
        ) : (
          <ThemeIcon size={90} radius="md" variant="light" color="gray" aria-hidden>
            <IconPhotoOff size={32} stroke={1.4} />
          </ThemeIcon>
        )}
        <ImagePicker
          types={IMAGE_TYPES}
          maxBytes={IMAGE_MAX_BYTES}
          wrongTypeMessage={t('events.image.wrongType')}
          tooLargeMessage={t('events.image.tooLarge')}
          chooseLabel={shown ? t('events.image.replace') : t('events.image.choose')}
          hint={t('events.image.hint')}
          onPick={(file, preview) => onChange({ file, preview })}
          actions={
            chosen ? (
              <Button
                variant="subtle"
                color="dark"
                leftSection={<IconX size={16} aria-hidden />}
                onClick={() => onChange(null)}
              >
                {t('events.image.discard')}
              </Button>
            ) : null
          }
          fileLabel={chosen ? t('events.image.pending', { name: chosen.file.name }) : null}
        />
      </Group>
    </Stack>
  );
};
