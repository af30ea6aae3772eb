import type { MailMessage } from '@esd/shared/auth/auth.schemas';
import { Alert, Group, Paper, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/page-header';
import { PageLinks } from '@/components/page-links';
import { PageSizeSelect } from '@/components/page-size-select';
import { getItemsPerPage, setItemsPerPage } from '@/lib/storage';
import { useMailbox } from '../api/get-mailbox';
import { MailMessageModal } from './mail-message-modal';
import { MailboxTable } from './mailbox-table';

const PAGE_SIZES = ['10', '25', '50', '100'];

/** The local mailbox a global admin reads when no SMTP server is configured. */
export const MailboxPage = () => {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [perPage, setPerPage] = useState(getItemsPerPage);
  const [opened, setOpened] = useState<MailMessage | null>(null);
  const mailbox = useMailbox({ page, perPage });
  const total = mailbox.data?.total ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / perPage));

  const changePerPage = (next: number) => {
    setItemsPerPage(next);
    setPerPage(next);
    setPage(1);
  };

  return (
    <>
      <PageHeader title={t('pages.settingsMailbox')} description={t('mailbox.page.description')} />
      {mailbox.isError && !mailbox.data ? (
        <Alert color="red">{t('mailbox.page.loadError')}</Alert>
      ) : (
        <Paper radius="lg" p={0} style={{ overflow: 'hidden' }}>
          <MailboxTable
            messages={mailbox.data?.items}
            isLoading={mailbox.isPending}
            onOpen={setOpened}
          />
          <Group justify="space-between" p="md" gap="sm">
            <Group gap="sm">
              <PageSizeSelect
                label={t('mailbox.page.perPage')}
                sizes={PAGE_SIZES}
                perPage={perPage}
                onPerPageChange={changePerPage}
                w={110}
              />
              <Text size="sm" c="dimmed" mt={20}>
                {t('mailbox.page.total', { count: total })}
              </Text>
            </Group>
            <PageLinks total={pageCount} value={page} onChange={setPage} />
          </Group>
        </Paper>
      )}
      <MailMessageModal message={opened} onClose={() => setOpened(null)} />
    </>
  );
};
