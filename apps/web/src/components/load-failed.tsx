import { Alert, Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * What a page or panel shows when its data did not load: the reason as an announced alert and
 * a way to try again, the same everywhere.
 */
export const LoadFailed = ({ title, onRetry }: { title: string; onRetry: () => void }) => {
  const { t } = useTranslation();
  return (
    <Alert color="red" role="alert" title={title}>
      <Button size="xs" variant="white" color="red" onClick={onRetry}>
        {t('actions.retry')}
      </Button>
    </Alert>
  );
};
