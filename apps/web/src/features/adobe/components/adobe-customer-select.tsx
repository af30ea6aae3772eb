import { Button, Group, Select } from '@mantine/core';
import { IconUserPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAdobeCustomers } from '../api/get-adobe-customers';
import { AdobeCustomerFormModal } from './adobe-customer-form-modal';
import { marketSegmentOf } from './adobe-purchase';

type AdobeCustomerSelectProps = {
  value: string | null;
  onChange: (customerId: string | null) => void;
  disabled?: boolean;
};

/** Spec 4 step 1: the dealer's Adobe customer (required), or a new one created on the spot. */
export const AdobeCustomerSelect = ({ value, onChange, disabled }: AdobeCustomerSelectProps) => {
  const { t } = useTranslation();
  const customers = useAdobeCustomers();
  const [isFormOpen, setFormOpen] = useState(false);
  const list = customers.data ?? [];
  const data = list.map((item) => {
    const segment = marketSegmentOf(item);
    return {
      value: String(item.id),
      label: `${item.company_name} · ${t(`adobe.segments.${segment}.name`)} (${segment})`,
    };
  });

  return (
    <Group gap="xs" align="flex-end" wrap="wrap">
      <Select
        label={t('adobe.panel.customer')}
        placeholder={
          customers.isPending
            ? t('common.loading')
            : list.length === 0
              ? t('adobe.panel.noCustomers')
              : t('adobe.panel.customerPlaceholder')
        }
        data={data}
        value={value}
        onChange={onChange}
        required
        // spec 5: the customer field is marked required (the theme hides asterisks elsewhere)
        withAsterisk
        searchable
        nothingFoundMessage={t('adobe.panel.noCustomerFound')}
        disabled={disabled || customers.isPending}
        error={customers.isError ? t('adobe.panel.customersError') : undefined}
        comboboxProps={{ withinPortal: true }}
        style={{ flex: '1 1 240px', minWidth: 0 }}
      />
      <Button
        variant="light"
        leftSection={<IconUserPlus size={16} aria-hidden />}
        onClick={() => setFormOpen(true)}
        disabled={disabled}
        style={{ flex: '0 0 auto' }}
      >
        {t('adobe.panel.newCustomer')}
      </Button>
      <AdobeCustomerFormModal
        opened={isFormOpen}
        onClose={() => setFormOpen(false)}
        onCreated={(created) => onChange(String(created.id))}
      />
    </Group>
  );
};
