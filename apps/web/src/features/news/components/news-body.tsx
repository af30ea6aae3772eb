import { paragraphsOf } from '@esd/shared/content/news.schemas';
import { Stack, Text } from '@mantine/core';

/** A plain-text body as paragraphs; React escapes it, so no markup from the text ever runs. */
export const NewsBody = ({ text }: { text: string }) => (
  <Stack gap="sm">
    {paragraphsOf(text).map((paragraph, i) => (
      // paragraphs have no identity of their own; their order is the key
      // biome-ignore lint/suspicious/noArrayIndexKey: static text split once per render
      <Text key={i} component="p" m={0} style={{ whiteSpace: 'pre-line' }} lh={1.65}>
        {paragraph}
      </Text>
    ))}
  </Stack>
);
