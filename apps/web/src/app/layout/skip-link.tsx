import { Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Lets keyboard users jump past the top bar and sidebar. Visible only when focused. */
export const SkipLink = () => {
  const { t } = useTranslation();
  return (
    <Button
      component="a"
      href="#main-content"
      pos="fixed"
      top={8}
      left={8}
      style={{ zIndex: 1000, transform: 'translateY(-200%)' }}
      onFocus={(event) => {
        event.currentTarget.style.transform = 'none';
      }}
      onBlur={(event) => {
        event.currentTarget.style.transform = 'translateY(-200%)';
      }}
    >
      {t('layout.skipToContent')}
    </Button>
  );
};
