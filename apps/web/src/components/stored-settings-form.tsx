import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from './load-failed';

type SaveFormProps = {
  onSubmit: (event?: FormEvent<HTMLFormElement>) => void;
  saving: boolean;
  /** the submit button's words when "Save" says too little */
  submitLabel?: string;
  children: ReactNode;
};

/** A settings form: its fields, then Save at the bottom right. */
export const SaveForm = ({ onSubmit, saving, submitLabel, children }: SaveFormProps) => {
  const { t } = useTranslation();
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        {children}
        <Group justify="flex-end">
          <Button type="submit" loading={saving}>
            {submitLabel ?? t('actions.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
};

type StoredSettingsProps = {
  /** the query of the stored settings (TanStack Query's fits) */
  query: { data: unknown; isError: boolean; isPending: boolean; refetch: () => Promise<unknown> };
  /** what the page says when the settings cannot be read */
  loadError: string;
  /** what stands in the form's place while the settings load */
  loading: ReactNode;
  /** the form, once the settings are there */
  children: ReactNode;
};

/** Settings the server keeps: a retry when they cannot be read, a placeholder, then the form. */
export const StoredSettings = ({ query, loadError, loading, children }: StoredSettingsProps) =>
  query.isError && !query.data ? (
    <LoadFailed title={loadError} onRetry={() => void query.refetch()} />
  ) : query.isPending ? (
    loading
  ) : (
    children
  );

type SettingsSectionProps = {
  /** the heading's id, which names the section */
  id: string;
  heading: string;
  hint: string;
  children: ReactNode;
};

/** One block of a settings page: a heading, a line on what it sets, then its content. */
export const SettingsSection = ({ id, heading, hint, children }: SettingsSectionProps) => (
  <Paper radius="lg" p="lg" maw={640} component="section" aria-labelledby={id}>
    <Title order={2} size="h4" id={id}>
      {heading}
    </Title>
    <Text size="sm" c="dimmed" mb="md">
      {hint}
    </Text>
    {children}
  </Paper>
);
