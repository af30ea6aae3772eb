import { Button, Center, Loader } from '@mantine/core';
import { IconReceipt2 } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogModal } from '@/components/dialog-modal';
import type { AdobePurchasePanelProps } from './adobe-purchase-panel';

// The panel (customer picker, options, new-customer form) loads when a dialog first opens, not
// with the product list.
export const LazyAdobePurchasePanel = lazy(() =>
  import('./adobe-purchase-panel').then((module) => ({ default: module.AdobePurchasePanel })),
);

export const AdobePanelFallback = () => (
  <Center py="lg">
    <Loader size="sm" />
  </Center>
);

/** On a product card: the Adobe flow opens in a dialog, so the grid keeps its shape. */
export const AdobePurchaseButton = (props: Omit<AdobePurchasePanelProps, 'onAdded'>) => {
  const { t } = useTranslation();
  const [isOpen, setOpen] = useState(false);
  return (
    <>
      <Button
        variant="light"
        leftSection={<IconReceipt2 size={16} aria-hidden />}
        aria-label={t('adobe.card.openLabel', { title: props.product.FullTitle })}
        onClick={() => setOpen(true)}
      >
        {t('adobe.card.open')}
      </Button>
      <DialogModal
        opened={isOpen}
        onClose={() => setOpen(false)}
        title={props.product.FullTitle}
        size="lg"
      >
        {isOpen ? (
          <Suspense fallback={<AdobePanelFallback />}>
            <LazyAdobePurchasePanel {...props} onAdded={() => setOpen(false)} />
          </Suspense>
        ) : null}
      </DialogModal>
    </>
  );
};
