import { AspectRatio, Center, Image } from '@mantine/core';
import { IconPackage } from '@tabler/icons-react';

type ProductImageProps = {
  url: string | null;
  /** the image's alt text; empty when the title is written next to it */
  alt?: string;
  ratio?: number;
  iconSize?: number;
};

/** A fixed-ratio, lazily loaded product picture, or a neutral placeholder when there is none. */
export const ProductImage = ({ url, alt = '', ratio = 2, iconSize = 44 }: ProductImageProps) => (
  <AspectRatio ratio={ratio}>
    {url ? (
      <Image src={url} alt={alt} loading="lazy" decoding="async" fit="contain" bg="white" />
    ) : (
      <Center
        aria-hidden
        style={{
          background:
            'linear-gradient(135deg, var(--mantine-color-indigo-0), var(--mantine-color-gray-1))',
        }}
      >
        <IconPackage size={iconSize} stroke={1.25} color="var(--mantine-color-indigo-4)" />
      </Center>
    )}
  </AspectRatio>
);
