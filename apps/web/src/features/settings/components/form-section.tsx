import { Paper, Stack, Title } from '@mantine/core';
import { type ReactNode, useId } from 'react';

/** A titled group of fields in a long form (h3 under the drawer's title). */
export const FormSection = ({ title, children }: { title: string; children: ReactNode }) => {
  const id = useId();
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={id}>
      <Title order={3} size="h5" mb="sm" id={id}>
        {title}
      </Title>
      <Stack gap="sm">{children}</Stack>
    </Paper>
  );
};
