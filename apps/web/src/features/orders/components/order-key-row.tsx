import { formatDateTime } from '@esd/shared/format/format';
import type { LicenceKey } from '@esd/shared/orders/orders.schemas';
import { ActionIcon, Badge, Button, CopyButton, Group, Text, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

type OrderKeyRowProps = {
  licence: LicenceKey;
  canActivate: boolean;
  onActivate: () => void;
};

/** One licence key: the key, a copy button, and whether (and for whom) it was activated. */
export const OrderKeyRow = ({ licence, canActivate, onActivate }: OrderKeyRowProps) => {
  const { t, i18n } = useTranslation();
  const isRevoked = licence.status === 'revoked';
  return (
    <Group
      component="li"
      justify="space-between"
      gap="xs"
      py={6}
      wrap="wrap"
      style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}
    >
      <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
        <Text
          ff="monospace"
          size="sm"
          td={isRevoked ? 'line-through' : undefined}
          c={isRevoked ? 'dimmed' : undefined}
          style={{ wordBreak: 'break-all' }}
        >
          {licence.key}
        </Text>
        {isRevoked ? null : (
          <CopyButton value={licence.key} timeout={2000}>
            {({ copied, copy }) => (
              <Tooltip label={copied ? t('orders.items.copied') : t('orders.items.copy')} withArrow>
                <ActionIcon
                  variant="subtle"
                  color={copied ? 'teal' : 'gray'}
                  onClick={copy}
                  aria-label={copied ? t('orders.items.copied') : t('orders.items.copy')}
                >
                  {copied ? (
                    <IconCheck size={16} aria-hidden />
                  ) : (
                    <IconCopy size={16} aria-hidden />
                  )}
                </ActionIcon>
              </Tooltip>
            )}
          </CopyButton>
        )}
      </Group>
      {isRevoked ? (
        <Badge size="sm" color="gray.7">
          {t('orders.items.revoked')}
        </Badge>
      ) : licence.activated_at ? (
        <Text size="xs" c="teal.9">
          {t('orders.items.activated', {
            customer: licence.activated_for ?? '—',
            date: formatDateTime(licence.activated_at, i18n.language),
          })}
        </Text>
      ) : (
        <Group gap="xs" wrap="nowrap">
          <Text size="xs" c="dimmed">
            {t('orders.items.notActivated')}
          </Text>
          {canActivate ? (
            <Button
              size="compact-xs"
              variant="light"
              onClick={onActivate}
              aria-label={t('orders.actions.activateKey', { key: licence.key })}
            >
              {t('orders.actions.activate')}
            </Button>
          ) : null}
        </Group>
      )}
    </Group>
  );
};
