import { IconArrowBackUp, IconBan } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** Spec 2: every card says whether the product can be returned (plain elements, issue 35). */
export const ReturnableNote = ({ isReturnable }: { isReturnable: boolean }) => {
  const { t } = useTranslation();
  const Icon = isReturnable ? IconArrowBackUp : IconBan;
  return (
    <div style={{ display: 'flex', alignItems: 'center', gap: 4 }}>
      <Icon size={14} aria-hidden color="var(--mantine-color-dimmed)" style={{ flexShrink: 0 }} />
      <span
        style={{
          fontSize: 'var(--mantine-font-size-xs)',
          lineHeight: 'var(--mantine-line-height-xs)',
          color: 'var(--mantine-color-dimmed)',
        }}
      >
        {isReturnable ? t('products.card.returnable') : t('products.card.notReturnable')}
      </span>
    </div>
  );
};
