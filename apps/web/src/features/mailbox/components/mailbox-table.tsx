import type { MailMessage } from '@esd/shared/auth/auth.schemas';
import { formatDateTime } from '@esd/shared/format/format';
import { Anchor, Skeleton, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

type MailboxTableProps = {
  messages: MailMessage[] | undefined;
  isLoading: boolean;
  onOpen: (message: MailMessage) => void;
};

export const MailboxTable = ({ messages, isLoading, onOpen }: MailboxTableProps) => {
  const { t, i18n } = useTranslation();

  if (isLoading) {
    return <Skeleton h={280} radius={0} />;
  }
  if (!messages || messages.length === 0) {
    return (
      <Text c="dimmed" ta="center" py={48}>
        {t('mailbox.page.empty')}
      </Text>
    );
  }

  return (
    <Table.ScrollContainer
      minWidth={560}
      tabIndex={0}
      role="region"
      aria-label={t('pages.settingsMailbox')}
    >
      <Table highlightOnHover verticalSpacing="sm" horizontalSpacing="md">
        <Table.Thead bg="gray.0">
          <Table.Tr>
            <Table.Th>{t('mailbox.table.subject')}</Table.Th>
            <Table.Th>{t('mailbox.table.to')}</Table.Th>
            <Table.Th>{t('mailbox.table.date')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {messages.map((message) => {
            const subject = message.subject || t('mailbox.page.noSubject');
            return (
              <Table.Tr
                key={message.id}
                onClick={() => onOpen(message)}
                style={{ cursor: 'pointer' }}
              >
                <Table.Td>
                  {/* the button makes each row reachable and openable from the keyboard */}
                  <Anchor
                    component="button"
                    type="button"
                    fw={600}
                    ta="left"
                    aria-label={t('mailbox.page.open', { subject })}
                    onClick={(event) => {
                      event.stopPropagation();
                      onOpen(message);
                    }}
                  >
                    {subject}
                  </Anchor>
                </Table.Td>
                <Table.Td style={{ wordBreak: 'break-all' }}>{message.to}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  {formatDateTime(message.created_at, i18n.language)}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
};
