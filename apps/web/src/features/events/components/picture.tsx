import { AspectRatio, Center, Image, ThemeIcon } from '@mantine/core';
import { IconGift, IconTrophy } from '@tabler/icons-react';

/** An event or prize picture, or a calm placeholder of the same shape when there is none. */
export const Picture = ({
  src,
  alt,
  kind,
  ratio = 16 / 9,
}: {
  src: string | null;
  alt: string;
  kind: 'event' | 'prize';
  ratio?: number;
}) => (
  <AspectRatio ratio={ratio}>
    {src ? (
      <Image src={src} alt={alt} fit="cover" />
    ) : (
      <Center bg="indigo.0">
        <ThemeIcon size={56} radius="xl" variant="light" aria-hidden>
          {kind === 'event' ? <IconTrophy size={30} /> : <IconGift size={30} />}
        </ThemeIcon>
      </Center>
    )}
  </AspectRatio>
);
