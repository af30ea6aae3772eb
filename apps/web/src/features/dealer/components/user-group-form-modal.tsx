import {
  type UserGroup,
  type UserGroupInput,
  userGroupInputSchema,
} from '@esd/shared/catalogue/settings.schemas';
import { MultiSelect } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { FormModal } from '@/components/form-modal';
import { NamePercentFields } from '@/components/name-percent-fields';
import { isApiError } from '@/lib/api-error';
import { getErrorMessage, notifyError, notifySuccess } from '@/lib/notify';
import { schemaErrors } from '@/lib/schema-errors';
import { useCreateUserGroup } from '../api/create-user-group';
import { useDealerUsers } from '../api/get-dealer-users';
import { useUpdateUserGroup } from '../api/update-user-group';

type FormValues = { name: string; markup_percent: string; user_ids: string[] };

type UserGroupFormModalProps = {
  target: UserGroup | 'new' | null;
  /** group names by id, to tell where a user would be moved from */
  groupNames: Map<number, string>;
  onClose: () => void;
};

const toInput = (values: FormValues) => ({ ...values, user_ids: values.user_ids.map(Number) });

export const UserGroupFormModal = ({ target, groupNames, onClose }: UserGroupFormModalProps) => {
  const { t } = useTranslation();
  const users = useDealerUsers();
  const createGroup = useCreateUserGroup();
  const updateGroup = useUpdateUserGroup();
  const editing = target !== null && target !== 'new' ? target : null;
  const form = useForm<FormValues>({
    initialValues: { name: '', markup_percent: '', user_ids: [] },
    validate: (values) =>
      schemaErrors(userGroupInputSchema, toInput(values), {
        markup_percent: t('validation.percent'),
      }),
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: the form restarts for each opening
  useEffect(() => {
    if (target === null) return;
    const values = editing
      ? {
          name: editing.name,
          markup_percent: editing.markup_percent,
          user_ids: editing.user_ids.map(String),
        }
      : { name: '', markup_percent: '', user_ids: [] };
    form.setInitialValues(values);
    form.setValues(values);
    form.clearErrors();
  }, [target]);

  const userOptions = (users.data ?? []).map((user) => {
    const other =
      user.user_group_id !== null && user.user_group_id !== editing?.id
        ? groupNames.get(user.user_group_id)
        : undefined;
    const label = `${user.name} (${user.email})`;
    return {
      value: String(user.id),
      label: other ? `${label} — ${t('dealer.groups.form.inGroup', { group: other })}` : label,
    };
  });

  const submit = form.onSubmit((values) => {
    const input: UserGroupInput = userGroupInputSchema.parse(toInput(values));
    const options = {
      onSuccess: () => {
        notifySuccess(t(editing ? 'dealer.groups.saved' : 'dealer.groups.created'));
        onClose();
      },
      onError: (error: unknown) => {
        if (isApiError(error) && error.errorName === 'CONFLICT')
          form.setFieldError('name', t('dealer.groups.form.nameTaken'));
        else notifyError(getErrorMessage(error));
      },
    };
    if (editing) updateGroup.mutate({ id: editing.id, input }, options);
    else createGroup.mutate(input, options);
  });

  return (
    <FormModal
      opened={target !== null}
      onClose={onClose}
      title={
        editing
          ? t('dealer.groups.form.editTitle', { name: editing.name })
          : t('dealer.groups.form.createTitle')
      }
      onSubmit={submit}
      saving={createGroup.isPending || updateGroup.isPending}
    >
      <NamePercentFields
        nameLabel={t('dealer.groups.fields.name')}
        percentLabel={t('dealer.groups.fields.markup')}
        percentHint={t('dealer.groups.form.markupHint')}
        nameInput={form.getInputProps('name')}
        percentInput={form.getInputProps('markup_percent')}
      />
      <MultiSelect
        label={t('dealer.groups.fields.members')}
        description={t('dealer.groups.form.membersHint')}
        placeholder={t('dealer.groups.form.membersPlaceholder')}
        data={userOptions}
        searchable
        clearable
        hidePickedOptions
        nothingFoundMessage={t('dealer.groups.form.noUsers')}
        clearButtonProps={{ 'aria-label': t('dealer.groups.form.clearMembers') }}
        disabled={users.isPending}
        error={users.isError ? t('dealer.groups.form.usersError') : undefined}
        {...form.getInputProps('user_ids')}
      />
    </FormModal>
  );
};
