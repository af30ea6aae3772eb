import type { EventStatus } from '@esd/shared/events/events.rules';
import { claimRefusal } from '@esd/shared/events/events.rules';
import type { PrizeView, Standing } from '@esd/shared/events/events.schemas';
import { formatNumber } from '@esd/shared/format/format';
import { Anchor, Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { ClaimButton } from './claim-button';
import { MyPrizeStatus } from './my-prize-status';
import { Picture } from './picture';
import { PrizeProgress } from './prize-progress';

type PrizeCardProps = {
  prize: PrizeView;
  eventStatus: EventStatus;
  me: Standing | null;
  canClaim: boolean;
};

/**
 * A prize: its rule (points or rank), stock, where the dealer's own claim or award of it stands,
 * the way to it and, for dealers, Claim.
 */
export const PrizeCard = ({ prize, eventStatus, me, canClaim }: PrizeCardProps) => {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const balance = me?.balance ?? 0;
  const refusal = claimRefusal({
    eventStatus,
    pointsNeeded: prize.points_needed,
    stock: prize.stock,
    alreadyClaimed: prize.won,
    balance,
  });
  return (
    <Card radius="lg" padding="md" withBorder component="article">
      <Card.Section>
        <Picture src={prize.image_url} alt="" kind="prize" ratio={4 / 3} />
      </Card.Section>
      <Stack gap="xs" mt="md" style={{ flex: 1 }}>
        <Group justify="space-between" align="flex-start" gap="xs">
          <Title order={3} size="h5">
            <Anchor
              component={Link}
              to={paths.prize.getHref({ eventId: prize.event_id, prizeId: prize.id })}
              c="inherit"
            >
              {prize.title}
            </Anchor>
          </Title>
          {prize.won ? (
            <Badge color="teal.9" variant="filled" tt="none">
              {t('events.prize.won')}
            </Badge>
          ) : null}
        </Group>
        <Group gap="xs">
          <Badge variant="light" color="indigo" tt="none">
            {prize.points_needed !== null
              ? t('events.prize.pointsNeeded', {
                  count: prize.points_needed,
                  points: formatNumber(prize.points_needed, lang),
                })
              : t('events.prize.rank', { rank: prize.rank })}
          </Badge>
          <Badge variant="light" color={prize.stock > 0 ? 'gray' : 'red'} c="dark.6" tt="none">
            {prize.stock > 0
              ? t('events.prize.stock', { count: prize.stock })
              : t('events.prize.outOfStock')}
          </Badge>
        </Group>
        {prize.my_prize ? <MyPrizeStatus holding={prize.my_prize} /> : null}
        {prize.description ? (
          <Text size="sm" c="dimmed" lineClamp={3}>
            {prize.description}
          </Text>
        ) : null}
        {prize.points_needed !== null && me ? (
          <Stack gap={4} mt="auto">
            <PrizeProgress
              title={prize.title}
              balance={balance}
              pointsNeeded={prize.points_needed}
              size="xs"
              reachedColor="teal.8"
            />
          </Stack>
        ) : null}
        {canClaim && prize.points_needed !== null ? (
          <ClaimButton
            eventId={prize.event_id}
            prizeId={prize.id}
            title={prize.title}
            pointsNeeded={prize.points_needed}
            balance={balance}
            refusal={refusal}
          />
        ) : null}
      </Stack>
    </Card>
  );
};
