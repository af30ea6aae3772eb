import type { ClaimRefusal } from '@esd/shared/events/events.rules';
import { Button, Stack, Text } from '@mantine/core';
import { IconGift } from '@tabler/icons-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/lib/api-error';
import { getErrorMessage, notifyError, notifySuccess } from '@/lib/notify';
import { useClaimPrize } from '../api/claim-prize';

type ClaimButtonProps = {
  eventId: number;
  prizeId: number;
  title: string;
  /** why the prize cannot be claimed now, as far as the page knows */
  refusal: ClaimRefusal | null;
};

const refusalOf = (error: unknown): ClaimRefusal | undefined => {
  if (!isApiError(error) || error.errorName !== 'PRIZE_NOT_CLAIMABLE') return undefined;
  const reason = (error.data as { reason?: unknown } | undefined)?.reason;
  return typeof reason === 'string' ? (reason as ClaimRefusal) : undefined;
};

/** Claim for a dealer; when it cannot, the reason is written under the disabled button. */
export const ClaimButton = ({ eventId, prizeId, title, refusal }: ClaimButtonProps) => {
  const { t } = useTranslation();
  const claim = useClaimPrize();
  const hintId = useId();
  const blocked = refusal !== null && refusal !== 'rank_prize';
  return (
    <Stack gap={4}>
      <Button
        leftSection={<IconGift size={18} aria-hidden />}
        disabled={blocked}
        loading={claim.isPending}
        aria-describedby={blocked ? hintId : undefined}
        aria-label={t('events.prize.claimNamed', { title })}
        onClick={() =>
          claim.mutate(
            { eventId, prizeId },
            {
              onSuccess: () => notifySuccess(t('events.prize.claimed', { title })),
              onError: (error) => {
                const reason = refusalOf(error);
                notifyError(reason ? t(`events.prize.refusals.${reason}`) : getErrorMessage(error));
              },
            },
          )
        }
      >
        {t('events.prize.claim')}
      </Button>
      {blocked ? (
        <Text id={hintId} size="xs" c="dimmed">
          {t(`events.prize.refusals.${refusal}`)}
        </Text>
      ) : null}
    </Stack>
  );
};
