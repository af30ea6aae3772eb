import { Group, Text } from '@mantine/core';
import { IconArrowBackUp, IconBan } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** Spec 2: every card says whether the product can be returned. */
export const ReturnableNote = ({ isReturnable }: { isReturnable: boolean }) => {
  const { t } = useTranslation();
  const Icon = isReturnable ? IconArrowBackUp : IconBan;
  return (
    <Group gap={4} wrap="nowrap">
      <Icon size={14} aria-hidden color="var(--mantine-color-dimmed)" />
      <Text size="xs" c="dimmed">
        {isReturnable ? t('products.card.returnable') : t('products.card.notReturnable')}
      </Text>
    </Group>
  );
};
