import { Button } from '@mantine/core';
import { IconReceipt2 } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdobePurchasePanelProps } from './adobe-purchase-panel';

const loadDialog = () => import('./adobe-purchase-dialog');
// The dialog itself (Mantine's Modal, its focus trap and scroll lock) is not part of the product
// list's first JavaScript, any more than its panel (lazy-adobe-panel.tsx): it loads when the
// pointer or focus reaches the button.
const LazyAdobePurchaseDialog = lazy(loadDialog);

/** On a product card: the Adobe flow opens in a dialog, so the grid keeps its shape. */
export const AdobePurchaseButton = (props: Omit<AdobePurchasePanelProps, 'onAdded'>) => {
  const { t } = useTranslation();
  const [isOpen, setOpen] = useState(false);
  // mounted from the first click on, so that closing keeps Mantine's closing transition
  const [isMounted, setMounted] = useState(false);
  const preload = () => {
    void loadDialog();
  };
  return (
    <>
      <Button
        variant="light"
        leftSection={<IconReceipt2 size={16} aria-hidden />}
        aria-label={t('adobe.card.openLabel', { title: props.product.FullTitle })}
        onPointerEnter={preload}
        onFocus={preload}
        onClick={() => {
          setMounted(true);
          setOpen(true);
        }}
      >
        {t('adobe.card.open')}
      </Button>
      {isMounted ? (
        <Suspense fallback={null}>
          <LazyAdobePurchaseDialog {...props} opened={isOpen} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
};
