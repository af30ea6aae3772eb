import { Suspense } from 'react';
import { DialogModal } from '@/components/dialog-modal';
import type { AdobePurchasePanelProps } from './adobe-purchase-panel';
import { AdobePanelFallback, LazyAdobePurchasePanel } from './lazy-adobe-panel';

type AdobePurchaseDialogProps = Omit<AdobePurchasePanelProps, 'onAdded'> & {
  opened: boolean;
  onClose: () => void;
};

/** The Adobe flow of a product card, in a dialog (a chunk of its own: see AdobePurchaseButton). */
const AdobePurchaseDialog = ({ opened, onClose, ...props }: AdobePurchaseDialogProps) => (
  <DialogModal opened={opened} onClose={onClose} title={props.product.FullTitle} size="lg">
    {opened ? (
      <Suspense fallback={<AdobePanelFallback />}>
        <LazyAdobePurchasePanel {...props} onAdded={onClose} />
      </Suspense>
    ) : null}
  </DialogModal>
);

export default AdobePurchaseDialog;
