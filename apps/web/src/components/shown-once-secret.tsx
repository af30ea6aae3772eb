import { Alert, Button, Code, CopyButton, Group, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconCopy } from '@tabler/icons-react';
import { useId } from 'react';

type ShownOnceSecretProps = {
  /** the secret itself: an API key, a webhook signing secret */
  value: string;
  /** why it must be copied now: it is never shown again */
  warning: string;
  /** what the secret is, read by screen readers as the code block's name */
  label: string;
  /** how to use it, under the value */
  hint?: string;
  copyLabel: string;
  copiedLabel: string;
  doneLabel: string;
  onDone: () => void;
  testId?: string;
};

/**
 * A secret the server returns once (it keeps only a hash or the signing copy): the warning,
 * the value to select, a copy button that says it copied, and "done".
 */
export const ShownOnceSecret = ({
  value,
  warning,
  label,
  hint,
  copyLabel,
  copiedLabel,
  doneLabel,
  onDone,
  testId,
}: ShownOnceSecretProps) => {
  const labelId = useId();
  return (
    <Stack gap="md">
      <Alert color="yellow" icon={<IconAlertTriangle size={18} aria-hidden />} role="alert">
        {warning}
      </Alert>
      <Stack gap={4}>
        <Text size="sm" fw={600} id={labelId}>
          {label}
        </Text>
        <Code
          block
          aria-labelledby={labelId}
          data-testid={testId}
          style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}
        >
          {value}
        </Code>
        {hint ? (
          <Text size="xs" c="dimmed">
            {hint}
          </Text>
        ) : null}
      </Stack>
      <Group justify="space-between">
        <CopyButton value={value} timeout={2000}>
          {({ copied, copy }) => (
            <Button
              variant="default"
              color={copied ? 'teal' : undefined}
              onClick={copy}
              leftSection={
                copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />
              }
            >
              {copied ? copiedLabel : copyLabel}
            </Button>
          )}
        </CopyButton>
        <Button onClick={onDone}>{doneLabel}</Button>
      </Group>
    </Stack>
  );
};
