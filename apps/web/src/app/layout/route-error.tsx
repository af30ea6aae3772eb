import { Button, Container } from '@mantine/core';
import { IconHome, IconRefresh } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import { StatusPage } from '@/components/status-page';
import { TimeoutError } from '@/lib/with-timeout';
import { ChunkLoadError } from '../lazy-page';

const isTimeout = (error: unknown) =>
  error instanceof ChunkLoadError && error.cause instanceof TimeoutError;

// A failed dynamic import is cached by the browser for that URL, so retrying needs a reload.
const reload = () => window.location.reload();

/** Error element of the routes: never a blank page, always a way forward. */
export const RouteError = () => {
  const { t } = useTranslation();
  const error = useRouteError();
  const isChunkError = error instanceof ChunkLoadError;

  useEffect(() => {
    console.error(error);
  }, [error]);

  const retry = (
    <Button leftSection={<IconRefresh size={18} aria-hidden />} onClick={reload}>
      {t('actions.retry')}
    </Button>
  );

  return (
    <Container size="sm">
      {isChunkError ? (
        <StatusPage
          title={t('misc.loadError.title')}
          description={t(
            isTimeout(error) ? 'misc.loadError.timeout' : 'misc.loadError.description',
          )}
          actions={retry}
        />
      ) : (
        <StatusPage
          title={t('misc.unexpectedError.title')}
          description={t('misc.unexpectedError.description')}
          actions={
            <>
              {retry}
              <Button
                component="a"
                href="/"
                variant="default"
                leftSection={<IconHome size={18} aria-hidden />}
              >
                {t('actions.goHome')}
              </Button>
            </>
          }
        />
      )}
    </Container>
  );
};
