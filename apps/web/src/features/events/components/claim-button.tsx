import type { ClaimRefusal } from '@esd/shared/events/events.rules';
import type { PrizeClaimInput } from '@esd/shared/events/events.schemas';
import { Button, Stack, Text } from '@mantine/core';
import { IconGift } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/lib/api-error';
import { getErrorMessage, notifyError, notifySuccess } from '@/lib/notify';
import { useClaimPrize } from '../api/claim-prize';
import { ClaimPrizeModal } from './claim-prize-modal';

type ClaimButtonProps = {
  eventId: number;
  prizeId: number;
  title: string;
  pointsNeeded: number;
  /** the dealer's points to spend now */
  balance: number;
  /** why the prize cannot be claimed now, as far as the page knows */
  refusal: ClaimRefusal | null;
};

const refusalOf = (error: unknown): ClaimRefusal | undefined => {
  if (!isApiError(error) || error.errorName !== 'PRIZE_NOT_CLAIMABLE') return undefined;
  const reason = (error.data as { reason?: unknown } | undefined)?.reason;
  return typeof reason === 'string' ? (reason as ClaimRefusal) : undefined;
};

/**
 * Claim for a dealer: a dialog confirms the cost and asks where the prize goes before any point
 * is spent. When it cannot be claimed, the reason is written under the disabled button.
 */
export const ClaimButton = ({
  eventId,
  prizeId,
  title,
  pointsNeeded,
  balance,
  refusal,
}: ClaimButtonProps) => {
  const { t } = useTranslation();
  const claim = useClaimPrize();
  const [opened, setOpened] = useState(false);
  const hintId = useId();
  const blocked = refusal !== null && refusal !== 'rank_prize';

  const open = () => {
    claim.reset();
    setOpened(true);
  };
  const confirm = (input: PrizeClaimInput) =>
    claim.mutate(
      { eventId, prizeId, input },
      {
        onSuccess: () => {
          setOpened(false);
          notifySuccess(t('events.prize.claimed', { title }));
        },
        onError: (error) => {
          // a wrong field stays in the dialog, marked; any other refusal closes it
          if (isApiError(error) && error.errorName === 'VALIDATION_FAILED') return;
          setOpened(false);
          const reason = refusalOf(error);
          notifyError(reason ? t(`events.prize.refusals.${reason}`) : getErrorMessage(error));
        },
      },
    );

  return (
    <Stack gap={4}>
      <Button
        leftSection={<IconGift size={18} aria-hidden />}
        disabled={blocked}
        aria-describedby={blocked ? hintId : undefined}
        aria-label={t('events.prize.claimNamed', { title })}
        onClick={open}
      >
        {t('events.prize.claim')}
      </Button>
      {blocked ? (
        <Text id={hintId} size="xs" c="dimmed">
          {t(`events.prize.refusals.${refusal}`)}
        </Text>
      ) : null}
      <ClaimPrizeModal
        opened={opened}
        onClose={() => setOpened(false)}
        title={title}
        pointsNeeded={pointsNeeded}
        balance={balance}
        saving={claim.isPending}
        error={claim.error}
        onConfirm={confirm}
      />
    </Stack>
  );
};
