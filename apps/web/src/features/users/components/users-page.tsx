import type { ManagedUser } from '@esd/shared/users/users.schemas';
import { Button, Tabs } from '@mantine/core';
import { IconHistory, IconUserPlus, IconUsers } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { useStoredUserInfo } from '@/lib/session/use-stored-user-info';
import { getUserRole } from '@/lib/storage';
import { AuditLogPanel } from './audit-log-panel';
import { type PendingAction, UserActionModal } from './user-action-modal';
import { UserFormModal } from './user-form-modal';
import { UsersPanel } from './users-panel';

/**
 * /pages/settings/users: the accounts the caller manages (the server decides which); a
 * global admin also reads the audit log here (`?tab=audit` links to it).
 */
export const UsersPage = () => {
  const { t } = useTranslation();
  const role = getUserRole();
  const selfId = Number(useStoredUserInfo()?.uid) || null;
  const [editing, setEditing] = useState<ManagedUser | 'new' | null>(null);
  const [pending, setPending] = useState<PendingAction | null>(null);
  const [searchParams, setSearchParams] = useSearchParams();
  const canReadAudit = role === 'gd';
  const tab = canReadAudit && searchParams.get('tab') === 'audit' ? 'audit' : 'users';

  const users = (
    <UsersPanel
      role={role}
      selfId={selfId}
      onEdit={setEditing}
      onAction={(user, action) => setPending({ user, action })}
    />
  );

  return (
    <>
      <PageHeader
        title={t('pages.settingsUsers')}
        description={t(role === 'd' ? 'users.descriptionDealer' : 'users.description')}
        actions={
          tab === 'users' ? (
            <Button
              leftSection={<IconUserPlus size={18} aria-hidden />}
              onClick={() => setEditing('new')}
            >
              {t('users.invite')}
            </Button>
          ) : null
        }
      />
      {canReadAudit ? (
        <Tabs
          value={tab}
          onChange={(next) => setSearchParams(next === 'audit' ? { tab: 'audit' } : {})}
          keepMounted={false}
        >
          <Tabs.List mb="md">
            <Tabs.Tab value="users" leftSection={<IconUsers size={16} aria-hidden />}>
              {t('users.tabs.users')}
            </Tabs.Tab>
            <Tabs.Tab value="audit" leftSection={<IconHistory size={16} aria-hidden />}>
              {t('users.tabs.audit')}
            </Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="users">{users}</Tabs.Panel>
          <Tabs.Panel value="audit">
            <AuditLogPanel />
          </Tabs.Panel>
        </Tabs>
      ) : (
        users
      )}
      <UserFormModal
        target={editing}
        role={role}
        selfId={selfId}
        onClose={() => setEditing(null)}
      />
      <UserActionModal pending={pending} onClose={() => setPending(null)} />
    </>
  );
};
