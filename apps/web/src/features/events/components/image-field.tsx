import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { type ChosenImage, ImageChoice } from '@/components/image-choice';
import { IMAGE_MAX_BYTES, IMAGE_TYPES } from '../api/event-settings';

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
  return (
    <Stack gap={6}>
      <Text fw={500} size="sm">
        {t('events.image.heading')}
      </Text>
      <ImageChoice
        currentUrl={currentUrl}
        chosen={chosen}
        onChange={onChange}
        types={IMAGE_TYPES}
        maxBytes={IMAGE_MAX_BYTES}
        texts="events.image"
        frame={{ h: 90, fit: 'cover', iconSize: 32 }}
      />
    </Stack>
  );
};
