import { Box, Progress } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigation } from 'react-router';

const SHOW_AFTER_MS = 150;

/** A thin bar at the top while a route chunk or loader is on its way (no flash when fast). */
export const NavigationProgress = () => {
  const { t } = useTranslation();
  const isLoading = useNavigation().state !== 'idle';
  const [isVisible, setIsVisible] = useState(false);

  useEffect(() => {
    if (!isLoading) {
      setIsVisible(false);
      return;
    }
    const timer = setTimeout(() => setIsVisible(true), SHOW_AFTER_MS);
    return () => clearTimeout(timer);
  }, [isLoading]);

  if (!isVisible) return null;
  return (
    <Box pos="fixed" top={0} left={0} right={0} style={{ zIndex: 1000 }}>
      <Progress
        value={100}
        animated
        striped
        size={3}
        radius={0}
        aria-label={t('layout.pageLoading')}
      />
    </Box>
  );
};
