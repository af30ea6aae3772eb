import type { Basket } from '@esd/shared/catalogue/basket.schemas';
import { ActionIcon } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { getErrorMessage, notifyError } from '@/lib/notify';
import { useRemoveFromBasket } from '../api/remove-from-basket';

/** Takes a whole basket line away (spec 7's remove with the line's quantity). */
export const RemoveLineButton = ({
  line,
  title,
  onRemoved,
}: {
  line: { id: number; quantity: number };
  title: string;
  onRemoved?: (basket: Basket) => void;
}) => {
  const { t } = useTranslation();
  const remove = useRemoveFromBasket();
  return (
    <ActionIcon
      variant="subtle"
      color="red"
      loading={remove.isPending}
      aria-label={t('basket.actions.removeProduct', { title })}
      onClick={() =>
        remove.mutate(
          { lineId: line.id, count: line.quantity },
          { onSuccess: onRemoved, onError: (error) => notifyError(getErrorMessage(error)) },
        )
      }
    >
      <IconTrash size={16} aria-hidden />
    </ActionIcon>
  );
};
