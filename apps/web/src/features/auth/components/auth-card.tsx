import { Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

type AuthCardProps = { title: string; subtitle?: ReactNode; children: ReactNode };

export const AuthCard = ({ title, subtitle, children }: AuthCardProps) => (
  <Paper p={{ base: 'lg', sm: 32 }} radius="lg" shadow="sm">
    <Stack gap={4} mb="lg">
      <Title order={1}>{title}</Title>
      {subtitle ? <Text c="dimmed">{subtitle}</Text> : null}
    </Stack>
    {children}
  </Paper>
);
