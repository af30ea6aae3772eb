import {
  formatAzn,
  formatDate,
  formatDecimalString,
  formatNumber,
  formatUsd,
} from '@esd/shared/format/format';
import type { OrderDetail } from '@esd/shared/orders/orders.schemas';
import { sendKeysInputSchema } from '@esd/shared/orders/orders.schemas';
import { Alert, Radio, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useActivateKey } from '../api/activate-key';
import { useCancelOrder } from '../api/cancel-order';
import { useConfirmPayment } from '../api/confirm-payment';
import { useDecideReturn } from '../api/decide-return';
import { useDeliverItem } from '../api/deliver-item';
import { useRequestReturn } from '../api/request-return';
import { useSendKeys } from '../api/send-keys';
import { useSettleCredit } from '../api/settle-credit';
import { useWithdrawItem } from '../api/withdraw-item';
import { ActionModal } from './action-modal';
import { type OrderDialog, parseKeyLines } from './order-dialog';

type DialogProps<K extends OrderDialog['kind']> = {
  order: OrderDetail;
  dialog: Extract<OrderDialog, { kind: K }>;
  onClose: () => void;
};

const NoteField = ({ value, onChange }: { value: string; onChange: (v: string) => void }) => {
  const { t } = useTranslation();
  return (
    <Textarea
      label={t('orders.actions.note')}
      autosize
      minRows={2}
      maxLength={500}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
    />
  );
};

/**
 * What confirming the payment fixes (issue 31): the AZN amount at the bank's rate of today, the
 * day the payment is received, which may differ from the amount of the day the order was placed.
 */
const PaymentToReceive = ({ order }: { order: OrderDetail }) => {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const due = order.payment_due;
  if (!due) return null;
  return (
    <Alert color="blue" variant="light" title={t('orders.dialogs.confirmPayment.amountTitle')}>
      <Text fw={700} size="lg" style={{ fontVariantNumeric: 'tabular-nums' }}>
        {formatAzn(due.total_azn, lang)}
      </Text>
      <Text size="sm">
        {t('orders.dialogs.confirmPayment.amountBasis', {
          usd: formatUsd(order.total_usd, lang),
          rate: formatDecimalString(due.rate, lang, 4),
          date: formatDate(due.rate_date, lang),
        })}
      </Text>
      {due.total_azn !== order.total_azn ? (
        <Text size="sm" mt={4}>
          {t('orders.dialogs.confirmPayment.amountMoved', {
            placed: formatAzn(order.total_azn, lang),
          })}
        </Text>
      ) : null}
    </Alert>
  );
};

/** Confirm payment, cancel and settle credit: a question, an optional note, the action. */
const OrderStepDialog = ({
  order,
  dialog,
  onClose,
}: DialogProps<'confirmPayment' | 'cancel' | 'settleCredit'>) => {
  const { t } = useTranslation();
  const [note, setNote] = useState('');
  const confirm = useConfirmPayment();
  const cancel = useCancelOrder();
  const settle = useSettleCredit();
  const mutation = { confirmPayment: confirm, cancel, settleCredit: settle }[dialog.kind];
  const id = order.id;
  return (
    <ActionModal
      onClose={onClose}
      title={t(`orders.dialogs.${dialog.kind}.title`, { id })}
      description={t(`orders.dialogs.${dialog.kind}.body`)}
      submitLabel={t(`orders.actions.${dialog.kind}`)}
      color={dialog.kind === 'cancel' ? 'red' : undefined}
      cancelLabel={dialog.kind === 'cancel' ? t('orders.actions.keep') : undefined}
      onSubmit={() =>
        mutation.mutateAsync({
          orderId: id,
          note: note.trim() || undefined,
          // the amount shown below: confirmed only if it is still what the order owes today
          totalAzn: dialog.kind === 'confirmPayment' ? order.payment_due?.total_azn : undefined,
        })
      }
      successMessage={() => t(`orders.dialogs.${dialog.kind}.done`, { id })}
    >
      {dialog.kind === 'confirmPayment' ? <PaymentToReceive order={order} /> : null}
      <NoteField value={note} onChange={setNote} />
    </ActionModal>
  );
};

const SendKeysDialog = ({ order, onClose }: DialogProps<'sendKeys'>) => {
  const { t } = useTranslation();
  const [target, setTarget] = useState<'buyer' | 'other'>('buyer');
  const [email, setEmail] = useState('');
  const send = useSendKeys();
  const isValid =
    target === 'buyer' || sendKeysInputSchema.safeParse({ email: email.trim() }).success;
  return (
    <ActionModal
      onClose={onClose}
      title={t('orders.dialogs.sendKeys.title', { id: order.id })}
      submitLabel={t('orders.dialogs.sendKeys.send')}
      canSubmit={isValid}
      onSubmit={() =>
        send.mutateAsync({
          orderId: order.id,
          email: target === 'other' ? email.trim() : undefined,
        })
      }
      successMessage={(result) => t('orders.dialogs.sendKeys.done', { to: result.to })}
    >
      <Radio.Group
        label={t('orders.dialogs.sendKeys.recipient')}
        value={target}
        onChange={(value) => setTarget(value === 'other' ? 'other' : 'buyer')}
      >
        <Stack gap="xs" mt={6}>
          <Radio
            value="buyer"
            label={t('orders.dialogs.sendKeys.toBuyer', { email: order.buyer.email })}
          />
          <Radio value="other" label={t('orders.dialogs.sendKeys.toOther')} />
        </Stack>
      </Radio.Group>
      {target === 'other' ? (
        <TextInput
          type="email"
          label={t('orders.dialogs.sendKeys.email')}
          required
          data-autofocus
          value={email}
          onChange={(event) => setEmail(event.currentTarget.value)}
          error={email.trim() && !isValid ? t('validation.email') : undefined}
        />
      ) : null}
    </ActionModal>
  );
};

const DeliverDialog = ({ order, dialog, onClose }: DialogProps<'deliver'>) => {
  const { t, i18n } = useTranslation();
  const [text, setText] = useState('');
  const deliver = useDeliverItem();
  const keys = parseKeyLines(text);
  const needed = dialog.item.quantity - dialog.item.delivered;
  return (
    <ActionModal
      onClose={onClose}
      title={t('orders.dialogs.deliver.title', { title: dialog.item.FullTitle })}
      submitLabel={t('orders.dialogs.deliver.submit')}
      canSubmit={keys.length > 0 && keys.length <= needed}
      onSubmit={() => deliver.mutateAsync({ orderId: order.id, itemId: dialog.item.id, keys })}
      successMessage={() => t('orders.dialogs.deliver.done')}
    >
      <Textarea
        label={t('orders.dialogs.deliver.keys')}
        autosize
        minRows={4}
        maxRows={12}
        data-autofocus
        styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
        description={t('orders.dialogs.deliver.count', {
          entered: formatNumber(keys.length, i18n.language),
          needed: formatNumber(needed, i18n.language),
          count: needed,
        })}
        error={keys.length > needed ? t('validation.numberMax', { max: needed }) : undefined}
      />
    </ActionModal>
  );
};

const WithdrawDialog = ({ order, dialog, onClose }: DialogProps<'withdraw'>) => {
  const { t, i18n } = useTranslation();
  const [note, setNote] = useState('');
  const withdraw = useWithdrawItem();
  const { item } = dialog;
  return (
    <ActionModal
      onClose={onClose}
      title={t('orders.dialogs.withdraw.title', { title: item.FullTitle })}
      description={t('orders.dialogs.withdraw.body', {
        amount: formatUsd(item.total_usd, i18n.language),
      })}
      submitLabel={t('orders.actions.withdraw')}
      color="red"
      cancelLabel={t('orders.actions.keep')}
      onSubmit={() =>
        withdraw.mutateAsync({ orderId: order.id, itemId: item.id, note: note.trim() || undefined })
      }
      successMessage={() => t('orders.dialogs.withdraw.done')}
    >
      {item.adobe?.error ? (
        <Text size="sm" c="dimmed">
          {t('orders.items.adobe.error', { error: item.adobe.error })}
        </Text>
      ) : null}
      <NoteField value={note} onChange={setNote} />
    </ActionModal>
  );
};

const ActivateDialog = ({ order, dialog, onClose }: DialogProps<'activate'>) => {
  const { t } = useTranslation();
  const [name, setName] = useState('');
  const activate = useActivateKey();
  return (
    <ActionModal
      onClose={onClose}
      title={t('orders.dialogs.activate.title', { key: dialog.licence.key })}
      submitLabel={t('orders.actions.activate')}
      canSubmit={name.trim().length > 0}
      onSubmit={() =>
        activate.mutateAsync({
          orderId: order.id,
          keyId: dialog.licence.id,
          endCustomer: name.trim(),
        })
      }
      successMessage={() => t('orders.dialogs.activate.done')}
    >
      <TextInput
        label={t('orders.dialogs.activate.endCustomer')}
        required
        data-autofocus
        maxLength={200}
        value={name}
        onChange={(event) => setName(event.currentTarget.value)}
      />
    </ActionModal>
  );
};

const ReturnDialog = ({ order, dialog, onClose }: DialogProps<'requestReturn'>) => {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const request = useRequestReturn();
  return (
    <ActionModal
      onClose={onClose}
      title={t('orders.dialogs.return.title', { title: dialog.item.FullTitle })}
      submitLabel={t('orders.dialogs.return.submit')}
      color="orange"
      canSubmit={reason.trim().length >= 3}
      onSubmit={() =>
        request.mutateAsync({ orderId: order.id, itemId: dialog.item.id, reason: reason.trim() })
      }
      successMessage={() => t('orders.dialogs.return.done')}
    >
      <Textarea
        label={t('orders.dialogs.return.reason')}
        description={t('orders.dialogs.return.hint')}
        required
        data-autofocus
        autosize
        minRows={3}
        maxLength={1000}
        value={reason}
        onChange={(event) => setReason(event.currentTarget.value)}
      />
    </ActionModal>
  );
};

const DecideReturnDialog = ({ order, dialog, onClose }: DialogProps<'decideReturn'>) => {
  const { t } = useTranslation();
  const [note, setNote] = useState('');
  const decide = useDecideReturn();
  const title = dialog.item.FullTitle;
  return (
    <ActionModal
      onClose={onClose}
      title={
        dialog.approve
          ? t('orders.dialogs.decide.approveTitle', { title })
          : t('orders.dialogs.decide.rejectTitle', { title })
      }
      description={
        dialog.approve
          ? t('orders.dialogs.decide.approveBody')
          : t('orders.dialogs.decide.rejectBody')
      }
      submitLabel={
        dialog.approve ? t('orders.actions.approveReturn') : t('orders.actions.rejectReturn')
      }
      color={dialog.approve ? 'red' : undefined}
      onSubmit={() =>
        decide.mutateAsync({
          orderId: order.id,
          returnId: dialog.returnId,
          approve: dialog.approve,
          note: note.trim() || undefined,
        })
      }
      successMessage={() =>
        dialog.approve ? t('orders.dialogs.decide.approved') : t('orders.dialogs.decide.rejected')
      }
    >
      {dialog.item.return_request ? (
        <Text size="sm" c="dimmed">
          {t('orders.items.reason', { reason: dialog.item.return_request.reason })}
        </Text>
      ) : null}
      <NoteField value={note} onChange={setNote} />
    </ActionModal>
  );
};

type OrderDialogsProps = { order: OrderDetail; dialog: OrderDialog | null; onClose: () => void };

/** The open dialog of an order's detail; every kind must be handled (exhaustive switch). */
export const OrderDialogs = ({ order, dialog, onClose }: OrderDialogsProps) => {
  if (!dialog) return null;
  switch (dialog.kind) {
    case 'confirmPayment':
    case 'cancel':
    case 'settleCredit':
      return <OrderStepDialog order={order} dialog={dialog} onClose={onClose} />;
    case 'sendKeys':
      return <SendKeysDialog order={order} dialog={dialog} onClose={onClose} />;
    case 'deliver':
      return <DeliverDialog order={order} dialog={dialog} onClose={onClose} />;
    case 'withdraw':
      return <WithdrawDialog order={order} dialog={dialog} onClose={onClose} />;
    case 'activate':
      return <ActivateDialog order={order} dialog={dialog} onClose={onClose} />;
    case 'requestReturn':
      return <ReturnDialog order={order} dialog={dialog} onClose={onClose} />;
    case 'decideReturn':
      return <DecideReturnDialog order={order} dialog={dialog} onClose={onClose} />;
    default: {
      const unhandled: never = dialog;
      return unhandled;
    }
  }
};
