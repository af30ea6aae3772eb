import type { MailMessage } from '@esd/shared/auth/auth.schemas';
import { formatDateTime } from '@esd/shared/format/format';
import { Anchor, Divider, Group, Modal, Stack, Text } from '@mantine/core';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';

const URL_PATTERN = /(https?:\/\/[^\s<>"']+)/g;

/** Plain text with its links clickable (reset links, for example); nothing rendered as HTML. */
const LinkifiedText = ({ text }: { text: string }) => {
  let offset = 0;
  const parts = text.split(URL_PATTERN).map((part, index) => {
    const segment = { part, key: `at-${offset}`, isLink: index % 2 === 1 };
    offset += part.length;
    return segment;
  });
  return (
    <>
      {parts.map(({ part, key, isLink }) =>
        isLink ? (
          <Anchor key={key} href={part} style={{ wordBreak: 'break-all' }}>
            {part}
          </Anchor>
        ) : (
          <Fragment key={key}>{part}</Fragment>
        ),
      )}
    </>
  );
};

type MailMessageModalProps = { message: MailMessage | null; onClose: () => void };

export const MailMessageModal = ({ message, onClose }: MailMessageModalProps) => {
  const { t, i18n } = useTranslation();
  return (
    <Modal.Root opened={message !== null} onClose={onClose} size="lg">
      <Modal.Overlay />
      <Modal.Content>
        {/* a div: a <header> inside the dialog would be a second banner landmark */}
        <Modal.Header {...{ component: 'div' }}>
          <Modal.Title fw={700}>{message?.subject || t('mailbox.page.noSubject')}</Modal.Title>
          <Modal.CloseButton aria-label={t('actions.close')} />
        </Modal.Header>
        <Modal.Body>
          {message ? (
            <Stack gap="sm">
              <Group gap="xs">
                <Text size="sm" c="dimmed" w={56}>
                  {t('mailbox.message.to')}
                </Text>
                <Text size="sm" style={{ wordBreak: 'break-all' }}>
                  {message.to}
                </Text>
              </Group>
              <Group gap="xs">
                <Text size="sm" c="dimmed" w={56}>
                  {t('mailbox.message.date')}
                </Text>
                <Text size="sm">{formatDateTime(message.created_at, i18n.language)}</Text>
              </Group>
              <Divider />
              <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                <LinkifiedText text={message.text} />
              </Text>
            </Stack>
          ) : null}
        </Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
};
