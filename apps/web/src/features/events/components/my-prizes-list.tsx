import { Anchor, Group, Pagination, Skeleton, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { formatDateTime, formatNumber } from '@/lib/format';
import { useMyPrizes } from '../api/get-my-prizes';
import { WonStatusBadge } from './status-badges';

const PER_PAGE = 5;

/**
 * The prizes of the viewer's dealer: what, from which event, when, and where delivery stands;
 * the dealer itself also sees where each goes and the admin's tracking note.
 */
export const MyPrizesList = () => {
  const { t, i18n } = useTranslation();
  const [page, setPage] = useState(1);
  const prizes = useMyPrizes({ page, perPage: PER_PAGE });
  if (prizes.isPending) return <Skeleton h={120} radius="md" />;
  if (prizes.isError) return <Text c="red.8">{t('events.list.loadFailed')}</Text>;
  if (prizes.data.items.length === 0) {
    return <Text c="dimmed">{t('events.myPrizes.empty')}</Text>;
  }
  const pages = Math.ceil(prizes.data.total / PER_PAGE);
  return (
    <Stack gap="sm">
      <Table.ScrollContainer minWidth={340}>
        <Table verticalSpacing="xs" aria-label={t('events.myPrizes.caption')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('events.myPrizes.prize')}</Table.Th>
              <Table.Th scope="col">{t('events.myPrizes.when')}</Table.Th>
              <Table.Th scope="col">{t('events.myPrizes.status')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {prizes.data.items.map((p) => (
              <Table.Tr key={p.id}>
                <Table.Td>
                  <Anchor
                    component={Link}
                    to={paths.prize.getHref({ eventId: p.event_id, prizeId: p.prize_id })}
                    fw={600}
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
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  {formatDateTime(p.created_at, i18n.language)}
                </Table.Td>
                <Table.Td>
                  <Stack gap={2} align="flex-start">
                    <WonStatusBadge status={p.status} />
                    {p.tracking_note ? (
                      <Text size="xs" style={{ overflowWrap: 'anywhere' }}>
                        {t('events.myPrizes.tracking', { note: p.tracking_note })}
                      </Text>
                    ) : null}
                  </Stack>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
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
