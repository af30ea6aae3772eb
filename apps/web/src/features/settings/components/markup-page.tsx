import { Tabs } from '@mantine/core';
import { IconCoin, IconPercentage, IconReceiptTax } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { ExchangeRatesPanel } from './exchange-rates-panel';
import { MarkupGroupsPanel } from './markup-groups-panel';
import { PricingSettingsForm } from './pricing-settings-form';

const tabs = ['groups', 'rates', 'vat'] as const;
type MarkupTab = (typeof tabs)[number];
const isMarkupTab = (value: unknown): value is MarkupTab =>
  typeof value === 'string' && (tabs as readonly string[]).includes(value);

/** Markup groups, exchange rates, VAT and credit: what turns dealer prices into AZN. */
export const MarkupPage = () => {
  const { t } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get('tab');
  const tab: MarkupTab = isMarkupTab(requested) ? requested : 'groups';

  return (
    <>
      <PageHeader
        title={t('pages.settingsMarkup')}
        description={t('settings.markup.description')}
      />
      <Tabs
        value={tab}
        onChange={(value) => {
          if (isMarkupTab(value)) setSearchParams({ tab: value }, { replace: true });
        }}
        keepMounted={false}
      >
        <Tabs.List mb="md">
          <Tabs.Tab value="groups" leftSection={<IconPercentage size={16} aria-hidden />}>
            {t('settings.markup.tabs.groups')}
          </Tabs.Tab>
          <Tabs.Tab value="rates" leftSection={<IconCoin size={16} aria-hidden />}>
            {t('settings.markup.tabs.rates')}
          </Tabs.Tab>
          <Tabs.Tab value="vat" leftSection={<IconReceiptTax size={16} aria-hidden />}>
            {t('settings.markup.tabs.vat')}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="groups">
          <MarkupGroupsPanel />
        </Tabs.Panel>
        <Tabs.Panel value="rates">
          <ExchangeRatesPanel />
        </Tabs.Panel>
        <Tabs.Panel value="vat">
          <PricingSettingsForm />
        </Tabs.Panel>
      </Tabs>
    </>
  );
};
