import type { Country } from '@esd/shared/catalogue/settings.schemas';
import { Button } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CellBadge } from '@/components/cell-badge';
import { DataTable, type DataTableColumn } from '@/components/data-table';
import { PageHeader } from '@/components/page-header';
import { useListQuery } from '@/components/use-list-query';
import { useDeleteCountry } from '../api/delete-country';
import { type CountrySort, useCountries } from '../api/get-countries';
import { CountryFormModal } from './country-form-modal';
import { useContentLanguage } from './localized';

export const CountriesPage = () => {
  const { t } = useTranslation();
  const lang = useContentLanguage();
  const list = useListQuery<CountrySort>({ defaultSort: 'name' });
  const countries = useCountries(list.query);
  const deleteCountry = useDeleteCountry();
  const [editing, setEditing] = useState<Country | 'new' | null>(null);

  const columns: DataTableColumn<Country>[] = [
    {
      key: 'code',
      header: t('settings.countries.table.code'),
      sortKey: 'code',
      nowrap: true,
      render: (country) => (
        <CellBadge variant="light" radius="sm" size="lg" ff="monospace">
          {country.code}
        </CellBadge>
      ),
    },
    {
      key: 'name',
      header: t('settings.countries.table.name'),
      sortKey: 'name',
      render: (country) => country.name[lang],
    },
    {
      key: 'users',
      header: t('settings.countries.table.users'),
      sortKey: 'users',
      align: 'right',
      render: (country) => country.users_count,
    },
  ];

  return (
    <>
      <PageHeader
        title={t('pages.settingsCountries')}
        description={t('settings.countries.description')}
        actions={
          <Button
            leftSection={<IconPlus size={18} aria-hidden />}
            onClick={() => setEditing('new')}
          >
            {t('settings.countries.add')}
          </Button>
        }
      />
      <DataTable
        caption={t('pages.settingsCountries')}
        columns={columns}
        rows={countries.data?.items}
        total={countries.data?.total}
        getRowKey={(country) => country.id}
        getRowLabel={(country) => `${country.code} — ${country.name[lang]}`}
        isLoading={countries.isPending}
        isFetching={countries.isFetching}
        isError={countries.isError}
        onRetry={() => void countries.refetch()}
        list={list}
        searchLabel={t('settings.countries.search')}
        emptyMessage={t('settings.countries.empty')}
        onEdit={setEditing}
        onDelete={(country) => deleteCountry.mutateAsync(country.id)}
        describeDeletion={(country) =>
          t('settings.countries.deleteDetails', { count: country.users_count })
        }
        minWidth={480}
      />
      <CountryFormModal target={editing} onClose={() => setEditing(null)} />
    </>
  );
};
