import type { MailMessage } from '@esd/shared/auth/auth.schemas';
import { Alert, Group, Pagination, Paper, Select, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/page-header';
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

  const changePerPage = (value: string | null) => {
    const next = Number(value);
    if (!Number.isInteger(next) || next <= 0) return;
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
              <Select
                label={t('mailbox.page.perPage')}
                data={
                  PAGE_SIZES.includes(String(perPage))
                    ? PAGE_SIZES
                    : [...PAGE_SIZES, String(perPage)]
                }
                value={String(perPage)}
                onChange={changePerPage}
                allowDeselect={false}
                w={110}
                size="xs"
              />
              <Text size="sm" c="dimmed" mt={20}>
                {t('mailbox.page.total', { count: total })}
              </Text>
            </Group>
            <Pagination
              total={pageCount}
              value={page}
              onChange={setPage}
              size="sm"
              withEdges
              getControlProps={(control) => ({
                'aria-label': {
                  first: t('actions.firstPage'),
                  previous: t('actions.previousPage'),
                  next: t('actions.nextPage'),
                  last: t('actions.lastPage'),
                }[control],
              })}
            />
          </Group>
        </Paper>
      )}
      <MailMessageModal message={opened} onClose={() => setOpened(null)} />
    </>
  );
};
