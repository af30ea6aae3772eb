import type { OrderDetail, OrderKeysFileFormat } from '@esd/shared/orders/orders.schemas';
import { Button, Menu } from '@mantine/core';
import { IconChevronDown, IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { getErrorMessage, notifyError, notifySuccess } from '@/lib/notify';
import { useDownloadKeys } from '../api/download-keys';

/** Whether the order holds keys now (delivered, not revoked): what the download would give. */
export const hasHeldKeys = (order: OrderDetail) =>
  order.items.some((item) => item.keys.some((key) => key.status === 'allocated'));

/** "Download keys" of one order, as CSV or a text file; the server scopes it like the order. */
export const KeysDownloadMenu = ({ order }: { order: OrderDetail }) => {
  const { t } = useTranslation();
  const download = useDownloadKeys();
  const start = (format: OrderKeysFileFormat) =>
    download.mutate(
      { orderId: order.id, format },
      {
        onSuccess: () => notifySuccess(t('orders.actions.keysDownloaded')),
        onError: (error) => notifyError(getErrorMessage(error)),
      },
    );
  return (
    <Menu position="bottom-start" withinPortal>
      <Menu.Target>
        <Button
          variant="light"
          leftSection={<IconDownload size={16} aria-hidden />}
          rightSection={<IconChevronDown size={14} aria-hidden />}
          loading={download.isPending}
        >
          {t('orders.actions.downloadKeys')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item onClick={() => start('csv')}>{t('orders.actions.downloadKeysCsv')}</Menu.Item>
        <Menu.Item onClick={() => start('txt')}>{t('orders.actions.downloadKeysTxt')}</Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
};
