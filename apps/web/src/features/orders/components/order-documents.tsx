import { isLanguage } from '@esd/shared/constants';
import { formatAzn, formatDateTime } from '@esd/shared/format/format';
import type { OrderDocument } from '@esd/shared/invoices/invoices.schemas';
import { Button, Stack, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { DataTableColumn } from '@/components/data-table';
import { useDownloadDocument } from '../api/download-document';
import { useOrderDocuments } from '../api/get-order-documents';
import { amountColumn, OrderTableSection, whenColumn } from './order-table-section';

const DownloadButton = ({ orderId, document }: { orderId: number; document: OrderDocument }) => {
  const { t, i18n } = useTranslation();
  const download = useDownloadDocument();
  return (
    <Button
      size="xs"
      variant="default"
      leftSection={<IconDownload size={14} aria-hidden />}
      loading={download.isPending}
      aria-label={t('orders.documents.downloadLabel', {
        kind: t(`orders.documents.kinds.${document.kind}`),
        number: document.number,
      })}
      onClick={() =>
        download.mutate({
          orderId,
          number: document.number,
          lang: isLanguage(i18n.language) ? i18n.language : 'en',
        })
      }
    >
      {t('orders.documents.download')}
    </Button>
  );
};

/**
 * "Documents": the order's proforma invoice, invoice and credit notes (issue 31), each numbered
 * and frozen when issued, to download in the page's language. Whoever sees the order sees them.
 */
export const OrderDocuments = ({ orderId }: { orderId: number }) => {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const query = useOrderDocuments(orderId);
  const columns: DataTableColumn<OrderDocument>[] = [
    {
      key: 'document',
      header: t('orders.documents.document'),
      card: 'title',
      render: (document) => (
        <Stack gap={0}>
          <Text size="sm" fw={500}>
            {t(`orders.documents.kinds.${document.kind}`)}
          </Text>
          <Text size="xs" c="dimmed" ff="monospace">
            {document.number}
          </Text>
          {document.refers_to ? (
            <Text size="xs" c="dimmed">
              {t('orders.documents.refersTo', { number: document.refers_to })}
            </Text>
          ) : null}
        </Stack>
      ),
    },
    amountColumn(
      'amount',
      t('orders.documents.amount'),
      (document) => formatAzn(document.amount, lang),
      'aside',
    ),
    whenColumn('issued', t('orders.documents.issuedAt'), (document) =>
      formatDateTime(document.issued_at, lang),
    ),
    {
      key: 'download',
      header: t('orders.documents.file'),
      align: 'right',
      render: (document) => <DownloadButton orderId={orderId} document={document} />,
    },
  ];
  return (
    <OrderTableSection
      id="order-documents"
      title={t('orders.documents.title')}
      columns={columns}
      rows={query.data}
      getRowKey={(document) => document.number}
      getRowLabel={(document) =>
        `${t(`orders.documents.kinds.${document.kind}`)} ${document.number}`
      }
      isLoading={query.isPending}
      isError={query.isError}
      onRetry={() => void query.refetch()}
      emptyMessage={t('orders.documents.empty')}
    />
  );
};
