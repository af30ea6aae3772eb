import { progressPercent } from '@esd/shared/events/events.rules';
import { formatNumber } from '@esd/shared/format/format';
import { Progress, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

type PrizeProgressProps = {
  /** the prize's title, which names the bar */
  title: string;
  balance: number;
  pointsNeeded: number;
  /** the line under the bar: small on a card, body size on the prize's page */
  size: 'xs' | 'sm';
  /** the bar's colour once the points are reached (a card turns it teal) */
  reachedColor?: string;
};

/** How far the dealer's points are from a prize: a bar and "balance of needed points". */
export const PrizeProgress = (props: PrizeProgressProps) => {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const percent = progressPercent(props.balance, props.pointsNeeded);
  return (
    <>
      <Progress
        value={percent}
        size="lg"
        radius="xl"
        color={percent >= 100 ? (props.reachedColor ?? 'indigo') : 'indigo'}
        aria-label={t('events.prize.progressLabel', { title: props.title })}
      />
      <Text size={props.size} c="dimmed">
        {t('events.prize.progress', {
          count: props.pointsNeeded,
          balance: formatNumber(Math.max(0, props.balance), lang),
          needed: formatNumber(props.pointsNeeded, lang),
        })}
      </Text>
    </>
  );
};
