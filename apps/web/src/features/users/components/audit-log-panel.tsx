import '@mantine/dates/styles.css';
import 'dayjs/locale/az';
import 'dayjs/locale/ru';
import { dateInputFormat, formatDateTime } from '@esd/shared/format/format';
import type { AuditEntry } from '@esd/shared/users/users.schemas';
import { Code, Select, SimpleGrid, Stack, Table, Text, TextInput } from '@mantine/core';
import { DatePickerInput, DatesProvider } from '@mantine/dates';
import { IconCalendar } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataTableColumn } from '@/components/data-table';
import { useListQuery } from '@/components/use-list-query';
import { useAuditFilters, useAuditLog } from '../api/get-audit-log';
import {
  type AuditWords,
  auditActionLabel,
  auditChanges,
  auditRecord,
  auditRecordLabel,
} from './audit-words';

type Filters = {
  actor_id?: number;
  action?: string;
  entity_type?: string;
  entity_id?: number;
  date_from?: string;
  date_to?: string;
};

const useAuditWords = (entry: AuditEntry): AuditWords => {
  const { t, i18n } = useTranslation();
  return { t, lang: i18n.language, names: entry.names ?? {} };
};

const Changes = ({ entry }: { entry: AuditEntry }) => {
  const words = useAuditWords(entry);
  const changes = auditChanges(words, entry);
  if (changes.length === 0)
    return (
      <Text size="xs" c="dimmed">
        {words.t('users.audit.noDetails')}
      </Text>
    );
  return (
    <Table withRowBorders={false} verticalSpacing={2} horizontalSpacing={4} fz="xs">
      <Table.Tbody>
        {changes.map((change) => (
          <Table.Tr key={change.field}>
            <Table.Th fw={600} style={{ whiteSpace: 'nowrap' }}>
              {change.label}
            </Table.Th>
            <Table.Td style={{ wordBreak: 'break-word' }}>
              {change.before === null ? null : <Code>{change.before}</Code>}
              {change.before !== null && change.after !== null ? ' → ' : null}
              {change.after === null ? null : <Code>{change.after}</Code>}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
};

const RecordCell = ({ entry }: { entry: AuditEntry }) => {
  const record = auditRecord(useAuditWords(entry), entry);
  return (
    <Stack gap={0}>
      <Text size="sm">{record.type}</Text>
      {record.name === null ? null : (
        <Text size="xs" c="dimmed">
          {record.name}
        </Text>
      )}
    </Stack>
  );
};

/** The audit log with its filters: who, what, which record, when (global admins). */
export const AuditLogPanel = () => {
  const { t, i18n } = useTranslation();
  const list = useListQuery();
  const [filters, setFilters] = useState<Filters>({});
  const [entityId, setEntityId] = useState('');
  const options = useAuditFilters();
  const log = useAuditLog({ page: list.query.page, perPage: list.query.perPage, ...filters });

  const change = (next: Filters) => {
    setFilters((current) => ({ ...current, ...next }));
    list.resetPage();
  };
  const clearLabel = (name: string) => ({ 'aria-label': t('users.filters.clear', { name }) });

  const columns: DataTableColumn<AuditEntry>[] = [
    {
      key: 'when',
      header: t('users.audit.when'),
      nowrap: true,
      render: (entry) => formatDateTime(entry.created_at, i18n.language),
    },
    {
      key: 'actor',
      header: t('users.audit.actor'),
      render: (entry) =>
        entry.actor ? (
          <Stack gap={0}>
            <Text size="sm">{entry.actor.name}</Text>
            <Text size="xs" c="dimmed">
              {entry.actor.email}
            </Text>
          </Stack>
        ) : (
          <Text size="sm" c="dimmed">
            {t('users.audit.system')}
          </Text>
        ),
    },
    {
      key: 'action',
      header: t('users.audit.action'),
      nowrap: true,
      render: (entry) => auditActionLabel(t, entry.action),
    },
    {
      key: 'record',
      header: t('users.audit.record'),
      render: (entry) => <RecordCell entry={entry} />,
    },
    {
      key: 'changes',
      header: t('users.audit.changes'),
      render: (entry) => <Changes entry={entry} />,
    },
  ];

  const dateProps = {
    valueFormat: dateInputFormat(i18n.language),
    clearable: true,
    leftSection: <IconCalendar size={16} aria-hidden />,
    popoverProps: { withinPortal: true },
  } as const;

  return (
    <Stack gap="md">
      <Text c="dimmed">{t('users.audit.description')}</Text>
      <DataTable
        caption={t('users.audit.caption')}
        columns={columns}
        rows={log.data?.items}
        total={log.data?.total}
        getRowKey={(entry) => entry.id}
        getRowLabel={(entry) => `${auditActionLabel(t, entry.action)} #${entry.id}`}
        isLoading={log.isPending}
        isFetching={log.isFetching}
        isError={log.isError}
        onRetry={() => void log.refetch()}
        list={list}
        emptyMessage={t('users.audit.empty')}
        minWidth={900}
        toolbar={
          <DatesProvider settings={{ locale: i18n.language }}>
            <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm" w="100%">
              <Select
                label={t('users.audit.actor')}
                placeholder={t('users.audit.allActors')}
                data={(options.data?.actors ?? []).map((a) => ({
                  value: String(a.id),
                  label: `${a.name} (${a.email})`,
                }))}
                value={filters.actor_id ? String(filters.actor_id) : null}
                onChange={(value) => change({ actor_id: value ? Number(value) : undefined })}
                clearable
                searchable
                clearButtonProps={clearLabel(t('users.audit.actor'))}
              />
              <Select
                label={t('users.audit.action')}
                placeholder={t('users.audit.allActions')}
                data={(options.data?.actions ?? []).map((action) => ({
                  value: action,
                  label: auditActionLabel(t, action),
                }))}
                value={filters.action ?? null}
                onChange={(value) => change({ action: value ?? undefined })}
                clearable
                searchable
                clearButtonProps={clearLabel(t('users.audit.action'))}
              />
              <Select
                label={t('users.audit.record')}
                placeholder={t('users.audit.allRecords')}
                data={(options.data?.entity_types ?? []).map((type) => ({
                  value: type,
                  label: auditRecordLabel(t, type),
                }))}
                value={filters.entity_type ?? null}
                onChange={(value) => change({ entity_type: value ?? undefined })}
                clearable
                clearButtonProps={clearLabel(t('users.audit.record'))}
              />
              <TextInput
                label={t('users.audit.recordId')}
                inputMode="numeric"
                value={entityId}
                onChange={(event) => {
                  const value = event.currentTarget.value.replace(/\D/g, '').slice(0, 9);
                  setEntityId(value);
                  change({ entity_id: value ? Number(value) : undefined });
                }}
              />
              <DatePickerInput
                {...dateProps}
                label={t('users.audit.from')}
                clearButtonProps={clearLabel(t('users.audit.from'))}
                value={filters.date_from ?? null}
                maxDate={filters.date_to}
                onChange={(value) => change({ date_from: value ?? undefined })}
              />
              <DatePickerInput
                {...dateProps}
                label={t('users.audit.to')}
                clearButtonProps={clearLabel(t('users.audit.to'))}
                value={filters.date_to ?? null}
                minDate={filters.date_from}
                onChange={(value) => change({ date_to: value ?? undefined })}
              />
            </SimpleGrid>
          </DatesProvider>
        }
      />
    </Stack>
  );
};
