import type { Role, UserTypeId } from '@esd/shared/access/access.rules';
import { languages } from '@esd/shared/constants';
import { formatPercent } from '@esd/shared/format/format';
import type {
  CreateUserInput,
  ManagedUser,
  UpdateUserInput,
} from '@esd/shared/users/users.schemas';
import { DEALER_ADDRESS_MAX } from '@esd/shared/users/users.schemas';
import { Alert, MultiSelect, Select, SimpleGrid, Stack, Switch, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconMailForward } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { DecimalInput } from '@/components/decimal-input';
import { ModalForm } from '@/components/form-modal';
import { RecordDialog } from '@/components/record-dialog';
import { isApiError } from '@/lib/api-error';
import { getErrorMessage, notifyError, notifySuccess } from '@/lib/notify';
import { useUserOptions } from '../api/get-user-options';
import { useCreateUser, useUpdateUser } from '../api/save-user';
import {
  toUserFormValues,
  toUserInput,
  type UserFormValues,
  validateUserForm,
  visibleFields,
} from './user-form-values';

type UserFormModalProps = {
  /** 'new' to invite one, an account to edit it, null when closed */
  target: ManagedUser | 'new' | null;
  role: Role;
  /** the signed-in account: its own role cannot be changed */
  selfId: number | null;
  onClose: () => void;
};

/** A refusal the server explains with `data.reason` and `data.field`, shown on that field. */
const readRefusal = (error: unknown) => {
  if (!isApiError(error)) return null;
  const data = error.data as { reason?: string; field?: string } | undefined;
  return data?.reason ? { reason: data.reason, field: data.field } : null;
};

const UserForm = ({
  editing,
  role,
  selfId,
  onClose,
}: Omit<UserFormModalProps, 'target'> & { editing: ManagedUser | null }) => {
  const { t, i18n } = useTranslation();
  const createUser = useCreateUser();
  const updateUser = useUpdateUser();
  const original = useMemo(
    () => (editing ? toUserFormValues(editing, { typeId: editing.type_id, lang: 'en' }) : null),
    [editing],
  );
  const form = useForm<UserFormValues>({
    initialValues:
      original ??
      toUserFormValues(null, {
        typeId: role === 'gd' || role === 'ld' ? 3 : 4,
        lang: i18n.language,
      }),
    validate: (values) => validateUserForm(values, role, original),
  });
  const typeId = Number(form.values.type_id) as UserTypeId;
  const fields = visibleFields(role, typeId);
  const options = useUserOptions(
    role === 'd' ? null : form.values.dealer_id ? Number(form.values.dealer_id) : null,
  );

  const data = options.data;
  const typeData = (data?.type_ids ?? []).map((id) => ({
    value: String(id),
    label: t(`users.types.${id}`),
  }));
  const countryData = (data?.countries ?? []).map((c) => ({ value: String(c.id), label: c.name }));
  const dealerData = (data?.dealers ?? []).map((d) => ({ value: String(d.id), label: d.name }));
  const markupData = (data?.markup_groups ?? []).map((g) => ({
    value: String(g.id),
    label: `${g.name} (${formatPercent(g.percent, i18n.language)}%)`,
  }));
  const groupData = (data?.user_groups ?? []).map((g) => ({ value: String(g.id), label: g.name }));

  const onError = (error: unknown) => {
    const refusal = readRefusal(error);
    if (refusal?.field && refusal.field in form.values) {
      form.setFieldError(
        refusal.field,
        t(`users.refusals.${refusal.reason}`, { defaultValue: getErrorMessage(error) }),
      );
      return;
    }
    notifyError(
      refusal
        ? t(`users.refusals.${refusal.reason}`, { defaultValue: getErrorMessage(error) })
        : getErrorMessage(error),
    );
  };

  const submit = form.onSubmit((values) => {
    const input = toUserInput(values, role, original);
    if (editing) {
      if (Object.keys(input).length === 0) return onClose();
      updateUser.mutate(
        { id: editing.id, input: input as UpdateUserInput },
        {
          onSuccess: (user) => {
            notifySuccess(t('users.done.saved', { name: user.name }));
            onClose();
          },
          onError,
        },
      );
      return;
    }
    createUser.mutate(input as CreateUserInput, {
      onSuccess: (user) => {
        notifySuccess(t('users.done.created', { name: user.name, email: user.email }));
        onClose();
      },
      onError,
    });
  });

  const has = (field: (typeof fields)[number]) => fields.includes(field);
  const isOwnAccount = editing !== null && editing.id === selfId;

  return (
    <ModalForm
      onCancel={onClose}
      onSubmit={submit}
      saving={createUser.isPending || updateUser.isPending}
    >
      {editing ? null : (
        <Alert variant="light" icon={<IconMailForward size={18} aria-hidden />}>
          {t('users.form.inviteNote')}
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        {has('type_id') ? (
          <Select
            label={t('users.form.type')}
            required
            data={typeData}
            allowDeselect={false}
            disabled={isOwnAccount}
            {...form.getInputProps('type_id')}
          />
        ) : null}
        <TextInput
          label={t('users.form.name')}
          required
          maxLength={120}
          autoComplete="off"
          {...form.getInputProps('name')}
        />
        <TextInput
          label={t('users.form.email')}
          required
          type="email"
          maxLength={254}
          autoComplete="off"
          {...form.getInputProps('email')}
        />
        <Select
          label={t('users.form.lang')}
          required
          allowDeselect={false}
          data={languages.map((lang) => ({ value: lang, label: t(`users.languages.${lang}`) }))}
          {...form.getInputProps('lang')}
        />
        {has('country_id') ? (
          <Select
            label={t('users.form.country')}
            required={typeId === 3}
            data={countryData}
            searchable
            clearable={typeId !== 3}
            {...form.getInputProps('country_id')}
          />
        ) : null}
        {has('dealer_id') ? (
          <Select
            label={t('users.form.dealer')}
            description={t('users.form.dealerHint')}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            required
            data={dealerData}
            searchable
            {...form.getInputProps('dealer_id')}
            onChange={(value) => {
              form.setFieldValue('dealer_id', value);
              form.setFieldValue('user_group_id', null);
            }}
          />
        ) : null}
        {has('user_group_id') ? (
          <Select
            label={t('users.form.userGroup')}
            placeholder={t('users.form.noUserGroup')}
            data={groupData}
            clearable
            {...form.getInputProps('user_group_id')}
          />
        ) : null}
        {has('markup_group_id') ? (
          <Select
            label={t('users.form.markupGroup')}
            placeholder={t('users.form.noMarkupGroup')}
            data={markupData}
            clearable
            {...form.getInputProps('markup_group_id')}
          />
        ) : null}
        {has('credit_limit') ? (
          <DecimalInput
            label={t('users.form.creditLimit')}
            description={t('users.form.creditLimitHint')}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            leftSection="$"
            {...form.getInputProps('credit_limit')}
          />
        ) : null}
      </SimpleGrid>
      {has('voen') ? (
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label={t('users.form.voen')}
            description={t('users.form.voenHint')}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            inputMode="numeric"
            maxLength={10}
            autoComplete="off"
            {...form.getInputProps('voen')}
          />
          <TextInput
            label={t('users.form.address')}
            description={t('users.form.addressHint')}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            maxLength={DEALER_ADDRESS_MAX}
            {...form.getInputProps('address')}
          />
        </SimpleGrid>
      ) : null}
      {has('countries') ? (
        <MultiSelect
          label={t('users.form.countries')}
          description={t('users.form.countriesHint')}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          required
          data={countryData}
          searchable
          {...form.getInputProps('countries')}
        />
      ) : null}
      {has('need_azn_cash') || has('has_adobe_account') ? (
        <Stack gap="xs">
          {has('need_azn_cash') ? (
            <Switch
              label={t('users.form.needAznCash')}
              {...form.getInputProps('need_azn_cash', { type: 'checkbox' })}
            />
          ) : null}
          {has('need_azn_credit') ? (
            <Switch
              label={t('users.form.needAznCredit')}
              {...form.getInputProps('need_azn_credit', { type: 'checkbox' })}
            />
          ) : null}
          {has('has_adobe_account') ? (
            <Switch
              label={t('users.form.hasAdobeAccount')}
              {...form.getInputProps('has_adobe_account', { type: 'checkbox' })}
            />
          ) : null}
        </Stack>
      ) : null}
    </ModalForm>
  );
};

/** Invites an account or edits one: the fields shown follow the signed-in role and the type. */
export const UserFormModal = ({ target, role, selfId, onClose }: UserFormModalProps) => {
  const { t } = useTranslation();
  return (
    <RecordDialog
      target={target}
      onClose={onClose}
      title={(editing) =>
        editing ? t('users.form.editTitle', { name: editing.name }) : t('users.form.createTitle')
      }
    >
      {(editing) => <UserForm editing={editing} role={role} selfId={selfId} onClose={onClose} />}
    </RecordDialog>
  );
};
