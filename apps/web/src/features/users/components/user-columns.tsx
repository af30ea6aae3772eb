import { formatUsd } from '@esd/shared/format/format';
import type { ManagedUser } from '@esd/shared/users/users.schemas';
import { ActionIcon, Menu, Stack, Text } from '@mantine/core';
import {
  IconDots,
  IconKey,
  IconPencil,
  IconPlayerPlay,
  IconShieldOff,
  IconUserOff,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { CellBadge } from '@/components/cell-badge';
import type { DataTableColumn } from '@/components/data-table';
import { EmailAddress } from '@/components/email-address';
import { getUserRole } from '@/lib/storage';
import type { UserAction } from '../api/save-user';

const typeColors = { 1: 'grape', 2: 'violet', 3: 'indigo', 4: 'gray' } as const;

type ColumnOptions = {
  selfId: number | null;
  /** dealers' users have no credit of their own: a dealer's table leaves the column out */
  showCredit: boolean;
  onEdit: (user: ManagedUser) => void;
  onAction: (user: ManagedUser, action: UserAction) => void;
};

const Placement = ({ user }: { user: ManagedUser }) => {
  const { t } = useTranslation();
  if (user.type_id === 4 && user.dealer) {
    return (
      <Stack gap={0}>
        <Text size="sm">{user.dealer.name}</Text>
        <Text size="xs" c="dimmed">
          {user.country?.name ?? ''}
        </Text>
      </Stack>
    );
  }
  if (user.type_id === 2)
    return (
      <Text size="sm">{user.countries.map((c) => c.name).join(', ') || t('users.table.none')}</Text>
    );
  return <Text size="sm">{user.country?.name ?? t('users.table.none')}</Text>;
};

const RowMenu = ({ user, selfId, onEdit, onAction }: { user: ManagedUser } & ColumnOptions) => {
  const { t } = useTranslation();
  const isSelf = user.id === selfId;
  return (
    <Menu position="bottom-end" withinPortal shadow="md">
      <Menu.Target>
        <ActionIcon variant="subtle" aria-label={t('users.table.actionsFor', { name: user.name })}>
          <IconDots size={18} aria-hidden />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item leftSection={<IconPencil size={16} aria-hidden />} onClick={() => onEdit(user)}>
          {t('users.actions.edit')}
        </Menu.Item>
        {isSelf ? null : user.is_active ? (
          <>
            <Menu.Item
              leftSection={<IconKey size={16} aria-hidden />}
              onClick={() => onAction(user, 'reset-password')}
            >
              {t('users.actions.resetPassword')}
            </Menu.Item>
            {user.has_second_factor && getUserRole() === 'gd' ? (
              <Menu.Item
                leftSection={<IconShieldOff size={16} aria-hidden />}
                onClick={() => onAction(user, 'reset-second-factors')}
              >
                {t('users.actions.resetSecondFactors')}
              </Menu.Item>
            ) : null}
            <Menu.Item
              color="red"
              leftSection={<IconUserOff size={16} aria-hidden />}
              onClick={() => onAction(user, 'deactivate')}
            >
              {t('users.actions.deactivate')}
            </Menu.Item>
          </>
        ) : (
          <Menu.Item
            leftSection={<IconPlayerPlay size={16} aria-hidden />}
            onClick={() => onAction(user, 'activate')}
          >
            {t('users.actions.activate')}
          </Menu.Item>
        )}
      </Menu.Dropdown>
    </Menu>
  );
};

/** The users table: who, role, status, where in the hierarchy, credit and open orders. */
export const useUserColumns = (options: ColumnOptions): DataTableColumn<ManagedUser>[] => {
  const { t, i18n } = useTranslation();
  const usd = (value: string) => formatUsd(value, i18n.language);
  const creditColumn: DataTableColumn<ManagedUser> = {
    key: 'credit',
    header: t('users.table.credit'),
    align: 'right',
    render: (user) =>
      user.credit ? (
        <Stack gap={0} align="flex-end">
          <Text size="sm" fw={600} c={user.credit.remaining.startsWith('-') ? 'red.8' : undefined}>
            {usd(user.credit.remaining)}
          </Text>
          <Text size="xs" c="dimmed">
            {t('users.table.creditOf', {
              limit: usd(user.credit.limit),
              used: usd(user.credit.used),
            })}
          </Text>
        </Stack>
      ) : (
        <Text size="sm" c="dimmed">
          {t('users.table.none')}
        </Text>
      ),
  };
  return [
    {
      key: 'name',
      header: t('users.table.name'),
      sortKey: 'name',
      render: (user) => (
        <Stack gap={0} miw={{ base: 0, xs: 140 }}>
          <Text size="sm" fw={600}>
            {user.name}
          </Text>
          <EmailAddress size="xs" c="dimmed" email={user.email} />
        </Stack>
      ),
    },
    {
      key: 'role',
      header: t('users.table.role'),
      sortKey: 'type',
      nowrap: true,
      render: (user) => (
        <CellBadge variant="light" color={typeColors[user.type_id]} radius="sm">
          {t(`users.types.${user.type_id}`)}
        </CellBadge>
      ),
    },
    {
      key: 'status',
      header: t('users.table.status'),
      sortKey: 'active',
      nowrap: true,
      card: 'aside',
      render: (user) =>
        !user.is_active ? (
          <CellBadge variant="filled" color="red.9" radius="sm">
            {t('users.status.inactive')}
          </CellBadge>
        ) : user.has_password ? (
          <CellBadge variant="dot" color="teal" radius="sm">
            {t('users.status.active')}
          </CellBadge>
        ) : (
          <CellBadge variant="dot" color="yellow" radius="sm">
            {t('users.status.invited')}
          </CellBadge>
        ),
    },
    {
      key: 'placement',
      header: t('users.table.belongsTo'),
      render: (user) => <Placement user={user} />,
    },
    ...(options.showCredit ? [creditColumn] : []),
    {
      key: 'outstanding',
      header: t('users.table.outstanding'),
      align: 'right',
      render: ({ outstanding }) => (
        <Stack gap={0} align="flex-end">
          <Text size="sm">
            {outstanding.count > 0
              ? t('users.table.outstandingValue', {
                  count: outstanding.count,
                  amount: usd(outstanding.amount_usd),
                })
              : t('users.table.none')}
          </Text>
          {outstanding.unpaid_credit_usd !== '0.00' ? (
            <Text size="xs" c="dimmed">
              {t('users.table.unpaid', { amount: usd(outstanding.unpaid_credit_usd) })}
            </Text>
          ) : null}
        </Stack>
      ),
    },
    {
      key: 'actions',
      header: t('users.table.actions'),
      align: 'right',
      card: 'aside',
      render: (user) => <RowMenu user={user} {...options} />,
    },
  ];
};
