import { Button, Group, Image, ThemeIcon } from '@mantine/core';
import { IconPhotoOff, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ImagePicker } from './image-picker';

export type ChosenImage = { file: File; preview: string };

/** The translations' group of an image field's words (choose, replace, hint, discard, …). */
type ImageTexts = 'events.image' | 'settings.products.image';

type ImageChoiceProps = {
  currentUrl: string | null;
  chosen: ChosenImage | null;
  onChange: (image: ChosenImage | null) => void;
  /** the accepted MIME types */
  types: readonly string[];
  maxBytes: number;
  texts: ImageTexts;
  /** the preview's box, 120 px wide: a cropped picture (events) or a whole one on grey (products) */
  frame: { h: number; fit: 'cover' | 'contain'; bg?: string; iconSize: number };
};

/**
 * A record's picture in its form: the current one, the newly chosen one or a placeholder, and
 * beside it the picker, which can discard the choice; the file is sent once the form is saved.
 */
export const ImageChoice = ({
  currentUrl,
  chosen,
  onChange,
  types,
  maxBytes,
  texts,
  frame,
}: ImageChoiceProps) => {
  const { t } = useTranslation();
  const shown = chosen?.preview ?? currentUrl;
  return (
    <Group gap="lg" align="flex-start">
      {shown ? (
        <Image
          src={shown}
          alt={chosen ? t(`${texts}.preview`) : t(`${texts}.current`)}
          w={120}
          h={frame.h}
          fit={frame.fit}
          radius="md"
          bg={frame.bg}
        />
      ) : (
        <ThemeIcon size={frame.h} radius="md" variant="light" color="gray" aria-hidden>
          <IconPhotoOff size={frame.iconSize} stroke={1.4} />
        </ThemeIcon>
      )}
      <ImagePicker
        types={types}
        maxBytes={maxBytes}
        wrongTypeMessage={t(`${texts}.wrongType`)}
        tooLargeMessage={t(`${texts}.tooLarge`)}
        chooseLabel={shown ? t(`${texts}.replace`) : t(`${texts}.choose`)}
        hint={t(`${texts}.hint`)}
        onPick={(file, preview) => onChange({ file, preview })}
        actions={
          chosen ? (
            <Button
              variant="subtle"
              color="dark"
              leftSection={<IconX size={16} aria-hidden />}
              onClick={() => onChange(null)}
            >
              {t(`${texts}.discard`)}
            </Button>
          ) : null
        }
        fileLabel={chosen ? t(`${texts}.pending`, { name: chosen.file.name }) : null}
      />
    </Group>
  );
};
