import { Alert, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { isApiError } from '@/lib/api-error';
import { getErrorMessage } from '@/lib/notify';

/**
 * A refused Adobe call in place: `errors.<NAME>` (the server's message when unnamed); when
 * Adobe itself refused, its reason below.
 */
export const AdobeErrorAlert = ({ error }: { error: unknown }) => {
  if (!error) return null;
  const title = getErrorMessage(error);
  const reason =
    isApiError(error) && error.errorName === 'ADOBE_REJECTED' && error.message !== title
      ? error.message
      : null;
  return (
    <Alert
      color="red"
      variant="light"
      icon={<IconAlertTriangle size={18} aria-hidden />}
      title={title}
      styles={{ title: { fontWeight: 600 } }}
    >
      {reason ? <Text size="sm">{reason}</Text> : null}
    </Alert>
  );
};
