import type { Role, UserTypeId } from '@esd/shared/access/access.rules';
import type { ManagedUser, UserSort } from '@esd/shared/users/users.schemas';
import { Select } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '@/components/data-table';
import { useListQuery } from '@/components/use-list-query';
import { useUserOptions } from '../api/get-user-options';
import { useUsers } from '../api/get-users';
import type { UserAction } from '../api/save-user';
import { useUserColumns } from './user-columns';

type UsersPanelProps = {
  role: Role;
  selfId: number | null;
  onEdit: (user: ManagedUser) => void;
  onAction: (user: ManagedUser, action: UserAction) => void;
};

const filterWidth = { base: '100%', xs: 200 } as const;

/** The accounts the caller manages, with filters by role, country, dealer and status. */
export const UsersPanel = ({ role, selfId, onEdit, onAction }: UsersPanelProps) => {
  const { t } = useTranslation();
  const list = useListQuery<UserSort>({ defaultSort: 'name' });
  const [typeId, setTypeId] = useState<string | null>(null);
  const [countryId, setCountryId] = useState<string | null>(null);
  const [dealerId, setDealerId] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const options = useUserOptions();
  const users = useUsers({
    ...list.query,
    type_id: typeId ? Number(typeId) : undefined,
    country_id: countryId ? Number(countryId) : undefined,
    dealer_id: dealerId ? Number(dealerId) : undefined,
    is_active: status ? (status as 'true' | 'false') : undefined,
  });
  const columns = useUserColumns({ selfId, onEdit, onAction, showCredit: role !== 'd' });
  const isAdmin = role === 'gd' || role === 'ld';

  const filter = (setter: (value: string | null) => void) => (value: string | null) => {
    setter(value);
    list.resetPage();
  };
  const clearLabel = (name: string) => ({ 'aria-label': t('users.filters.clear', { name }) });
  const visibleTypes: UserTypeId[] = role === 'gd' ? [1, 2, 3, 4] : [3, 4];

  return (
    <DataTable
      caption={t('users.table.caption')}
      columns={columns}
      rows={users.data?.items}
      total={users.data?.total}
      getRowKey={(user) => user.id}
      getRowLabel={(user) => `${user.name} (${user.email})`}
      isLoading={users.isPending}
      isFetching={users.isFetching}
      isError={users.isError}
      onRetry={() => void users.refetch()}
      list={list}
      searchLabel={t('users.filters.search')}
      emptyMessage={t('users.table.empty')}
      minWidth={role === 'd' ? 780 : 980}
      toolbar={
        <>
          {isAdmin ? (
            <>
              <Select
                label={t('users.filters.type')}
                placeholder={t('users.filters.allTypes')}
                data={visibleTypes.map((id) => ({
                  value: String(id),
                  label: t(`users.types.${id}`),
                }))}
                value={typeId}
                onChange={filter(setTypeId)}
                clearable
                clearButtonProps={clearLabel(t('users.filters.type'))}
                w={filterWidth}
              />
              <Select
                label={t('users.filters.country')}
                placeholder={t('users.filters.allCountries')}
                data={(options.data?.countries ?? []).map((c) => ({
                  value: String(c.id),
                  label: c.name,
                }))}
                value={countryId}
                onChange={filter(setCountryId)}
                clearable
                searchable
                clearButtonProps={clearLabel(t('users.filters.country'))}
                w={filterWidth}
              />
              <Select
                label={t('users.filters.dealer')}
                placeholder={t('users.filters.allDealers')}
                data={(options.data?.dealers ?? []).map((d) => ({
                  value: String(d.id),
                  label: d.name,
                }))}
                value={dealerId}
                onChange={filter(setDealerId)}
                clearable
                searchable
                clearButtonProps={clearLabel(t('users.filters.dealer'))}
                w={filterWidth}
              />
            </>
          ) : null}
          <Select
            label={t('users.filters.status')}
            placeholder={t('users.filters.anyStatus')}
            data={[
              { value: 'true', label: t('users.status.active') },
              { value: 'false', label: t('users.status.inactive') },
            ]}
            value={status}
            onChange={filter(setStatus)}
            clearable
            clearButtonProps={clearLabel(t('users.filters.status'))}
            w={filterWidth}
          />
        </>
      }
    />
  );
};
