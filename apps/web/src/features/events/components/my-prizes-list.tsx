import type { MyPrize } from '@esd/shared/events/events.schemas';
import { formatDateTime, formatNumber } from '@esd/shared/format/format';
import { Anchor, Group, Pagination, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DataTable, type DataTableColumn } from '@/components/data-table';
import { paths } from '@/config/paths';
import { useMyPrizes } from '../api/get-my-prizes';
import { WonStatusBadge } from './status-badges';

const PER_PAGE = 5;

/** The columns of "My prizes"; on a phone each prize is a card with its status at the top. */
export const useMyPrizeColumns = (): DataTableColumn<MyPrize>[] => {
  const { t, i18n } = useTranslation();
  return [
    {
      key: 'prize',
      header: t('events.myPrizes.prize'),
      render: (p) => (
        <Stack gap={2}>
          <Anchor
            component={Link}
            to={paths.prize.getHref({ eventId: p.event_id, prizeId: p.prize_id })}
            fw={600}
            size="sm"
          >
            {p.prize_title}
          </Anchor>
          <Text size="xs" c="dimmed">
            {p.event_title} ·{' '}
            {p.source === 'claim'
              ? t('events.myPrizes.claimed', {
                  count: p.points_spent,
                  points: formatNumber(p.points_spent, i18n.language),
                })
              : t('events.myPrizes.ranked', { rank: p.rank })}
          </Text>
          {p.delivery ? (
            <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {t('events.myPrizes.deliverTo', {
                name: p.delivery.contact_name,
                phone: p.delivery.phone,
                address: p.delivery.address,
              })}
            </Text>
          ) : null}
        </Stack>
      ),
    },
    {
      key: 'when',
      header: t('events.myPrizes.when'),
      nowrap: true,
      render: (p) => formatDateTime(p.created_at, i18n.language),
    },
    {
      key: 'status',
      header: t('events.myPrizes.status'),
      card: 'aside',
      render: (p) => (
        <Stack gap={2} align="flex-start">
          <WonStatusBadge status={p.status} />
          {p.tracking_note ? (
            <Text size="xs" ta="left" style={{ overflowWrap: 'anywhere' }}>
              {t('events.myPrizes.tracking', { note: p.tracking_note })}
            </Text>
          ) : null}
        </Stack>
      ),
    },
  ];
};

/**
 * The prizes of the viewer's dealer: what, from which event, when, and where delivery stands;
 * the dealer itself also sees where each goes and the admin's tracking note.
 */
export const MyPrizesList = () => {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const prizes = useMyPrizes({ page, perPage: PER_PAGE });
  const columns = useMyPrizeColumns();
  if (prizes.data?.items.length === 0 && page === 1) {
    return <Text c="dimmed">{t('events.myPrizes.empty')}</Text>;
  }
  const pages = Math.ceil((prizes.data?.total ?? 0) / PER_PAGE);
  return (
    <Stack gap="sm">
      <DataTable
        caption={t('events.myPrizes.caption')}
        columns={columns}
        rows={prizes.data?.items}
        getRowKey={(p) => p.id}
        getRowLabel={(p) => p.prize_title}
        isLoading={prizes.isPending}
        isFetching={prizes.isFetching}
        isError={prizes.isError}
        onRetry={() => void prizes.refetch()}
        minWidth={480}
      />
      {pages > 1 ? (
        <Group justify="flex-end">
          <Pagination
            size="sm"
            value={page}
            onChange={setPage}
            total={pages}
            getControlProps={(control) => ({ 'aria-label': t(`events.list.pager.${control}`) })}
          />
        </Group>
      ) : null}
    </Stack>
  );
};
