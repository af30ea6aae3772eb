import type { UserGroup } from '@esd/shared/catalogue/settings.schemas';
import { formatDecimalString } from '@esd/shared/format/format';
import { Button, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataTableColumn } from '@/components/data-table';
import { PageHeader } from '@/components/page-header';
import { useDeleteUserGroup } from '../api/delete-user-group';
import { useDealerUsers } from '../api/get-dealer-users';
import { useUserGroups } from '../api/get-user-groups';
import { UserGroupFormModal } from './user-group-form-modal';

/** The dealer's user groups: a markup over the dealer's cost for the users in each. */
export const UserGroupsPage = () => {
  const { t, i18n } = useTranslation();
  const groups = useUserGroups();
  const users = useDealerUsers();
  const deleteGroup = useDeleteUserGroup();
  const [editing, setEditing] = useState<UserGroup | 'new' | null>(null);
  const groupNames = useMemo(
    () => new Map((groups.data ?? []).map((group) => [group.id, group.name])),
    [groups.data],
  );
  const memberNames = (group: UserGroup) =>
    group.user_ids
      .map((id) => users.data?.find((user) => user.id === id)?.name)
      .filter(Boolean)
      .join(', ');

  const columns: DataTableColumn<UserGroup>[] = [
    { key: 'name', header: t('dealer.groups.fields.name'), render: (group) => group.name },
    {
      key: 'markup',
      header: t('dealer.groups.fields.markup'),
      align: 'right',
      nowrap: true,
      render: (group) => `${formatDecimalString(group.markup_percent, i18n.language)} %`,
    },
    {
      key: 'count',
      header: t('dealer.groups.table.count'),
      align: 'right',
      render: (group) => group.user_ids.length,
    },
    {
      key: 'members',
      header: t('dealer.groups.fields.members'),
      render: (group) => (
        <Text size="sm" c={group.user_ids.length ? undefined : 'dimmed'} lineClamp={2}>
          {memberNames(group) || t('dealer.groups.table.noMembers')}
        </Text>
      ),
    },
  ];

  return (
    <>
      <PageHeader
        title={t('pages.settingsGroups')}
        description={t('dealer.groups.description')}
        actions={
          <Button
            leftSection={<IconPlus size={18} aria-hidden />}
            onClick={() => setEditing('new')}
          >
            {t('dealer.groups.add')}
          </Button>
        }
      />
      <DataTable
        caption={t('pages.settingsGroups')}
        columns={columns}
        rows={groups.data}
        getRowKey={(group) => group.id}
        getRowLabel={(group) => group.name}
        isLoading={groups.isPending}
        isFetching={groups.isFetching}
        isError={groups.isError}
        onRetry={() => void groups.refetch()}
        emptyMessage={t('dealer.groups.empty')}
        onEdit={setEditing}
        onDelete={(group) => deleteGroup.mutateAsync(group.id)}
        describeDeletion={(group) =>
          t('dealer.groups.deleteDetails', { count: group.user_ids.length })
        }
        minWidth={600}
      />
      <UserGroupFormModal
        target={editing}
        groupNames={groupNames}
        onClose={() => setEditing(null)}
      />
    </>
  );
};
