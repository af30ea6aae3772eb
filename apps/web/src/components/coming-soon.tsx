import { Button, EmptyState, Paper } from '@mantine/core';
import { IconHourglassHigh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

type ComingSoonProps = {
  /** where the action button leads; no button when absent */
  actionHref?: string;
};

/** The shared placeholder of pages whose feature lands in a later release. */
export const ComingSoon = ({ actionHref }: ComingSoonProps) => {
  const { t } = useTranslation();
  return (
    <Paper p={{ base: 'lg', sm: 'xl' }} radius="lg">
      <EmptyState
        py="xl"
        variant="light"
        size="lg"
        icon={<IconHourglassHigh size={36} stroke={1.5} aria-hidden />}
      >
        <EmptyState.Title order={2}>{t('misc.comingSoon.title')}</EmptyState.Title>
        <EmptyState.Description maw={460}>
          {t('misc.comingSoon.description')}
        </EmptyState.Description>
        {actionHref ? (
          <EmptyState.Actions>
            <Button component={Link} to={actionHref} variant="light">
              {t('misc.comingSoon.action')}
            </Button>
          </EmptyState.Actions>
        ) : null}
      </EmptyState>
    </Paper>
  );
};
