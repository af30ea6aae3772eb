import { Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useEventOptions } from '../api/event-settings';
import { useContentLanguage } from './use-content-language';

/** Narrows a settings list to one event. */
export const EventFilter = ({
  value,
  onChange,
}: {
  value: number | undefined;
  onChange: (id: number | undefined) => void;
}) => {
  const { t } = useTranslation();
  const lang = useContentLanguage();
  const events = useEventOptions();
  return (
    <Select
      label={t('events.settings.filterEvent')}
      placeholder={t('events.settings.allEvents')}
      clearable
      searchable
      w={{ base: '100%', sm: 280 }}
      data={(events.data?.items ?? []).map((e) => ({ value: String(e.id), label: e.title[lang] }))}
      value={value ? String(value) : null}
      onChange={(id) => onChange(id ? Number(id) : undefined)}
    />
  );
};
