import {
  type UserGroup,
  type UserGroupInput,
  userGroupInputSchema,
} from '@esd/shared/catalogue/settings.schemas';
import { MultiSelect } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { NamePercentFields } from '@/components/name-percent-fields';
import { RecordFormModal } from '@/components/record-form-modal';
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

const valuesOf = (editing: UserGroup | null): FormValues =>
  editing
    ? {
        name: editing.name,
        markup_percent: editing.markup_percent,
        user_ids: editing.user_ids.map(String),
      }
    : { name: '', markup_percent: '', user_ids: [] };

export const UserGroupFormModal = ({ target, groupNames, onClose }: UserGroupFormModalProps) => {
  const { t } = useTranslation();
  const users = useDealerUsers();

  const userOptions = (editing: UserGroup | null) =>
    (users.data ?? []).map((user) => {
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

  return (
    <RecordFormModal
      target={target}
      onClose={onClose}
      title={(editing) =>
        editing
          ? t('dealer.groups.form.editTitle', { name: editing.name })
          : t('dealer.groups.form.createTitle')
      }
      valuesOf={valuesOf}
      validate={(values) =>
        schemaErrors(userGroupInputSchema, toInput(values), {
          markup_percent: t('validation.percent'),
        })
      }
      toInput={(values): UserGroupInput => userGroupInputSchema.parse(toInput(values))}
      create={useCreateUserGroup()}
      update={useUpdateUserGroup()}
      savedMessage={(editing) => t(editing ? 'dealer.groups.saved' : 'dealer.groups.created')}
      conflict={{ field: 'name', message: t('dealer.groups.form.nameTaken') }}
    >
      {(form, editing) => (
        <>
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
            data={userOptions(editing)}
            searchable
            clearable
            hidePickedOptions
            nothingFoundMessage={t('dealer.groups.form.noUsers')}
            clearButtonProps={{ 'aria-label': t('dealer.groups.form.clearMembers') }}
            disabled={users.isPending}
            error={users.isError ? t('dealer.groups.form.usersError') : undefined}
            {...form.getInputProps('user_ids')}
          />
        </>
      )}
    </RecordFormModal>
  );
};
