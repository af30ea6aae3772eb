import type { ProductDetail } from '@esd/shared/catalogue/catalogue.schemas';
import { List, Paper, Tabs, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const TextBlock = ({ text }: { text: string }) => {
  const { t } = useTranslation();
  if (text.trim() === '') return <Text c="dimmed">{t('products.detail.empty')}</Text>;
  return <Text style={{ whiteSpace: 'pre-line' }}>{text}</Text>;
};

// "1. ", "2) ", "- " at the start of a step: the list numbers the steps itself
const STEP_MARKER = /^(\d+[.)]|[-*•])\s+/;

/** Installation text holds one step per line: shown as numbered steps. */
const InstallationSteps = ({ text }: { text: string }) => {
  const steps = text
    .split(/\r?\n/)
    .map((step) => step.trim().replace(STEP_MARKER, ''))
    .filter(Boolean);
  if (steps.length < 2) return <TextBlock text={text} />;
  return (
    <List type="ordered" spacing="xs">
      {steps.map((step, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: steps are fixed text, in order
        <List.Item key={index}>{step}</List.Item>
      ))}
    </List>
  );
};

/** Spec 2: the product page's tabs description, requirements, installation. */
export const ProductInfoTabs = ({ product }: { product: ProductDetail }) => {
  const { t } = useTranslation();
  return (
    <Paper radius="lg" p={0}>
      <Tabs defaultValue="description" keepMounted={false}>
        <Tabs.List aria-label={t('products.detail.tabsLabel')} px="md" pt="xs">
          <Tabs.Tab value="description">{t('products.tabs.description')}</Tabs.Tab>
          <Tabs.Tab value="requirements">{t('products.tabs.requirements')}</Tabs.Tab>
          <Tabs.Tab value="installation">{t('products.tabs.installation')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="description" p="lg">
          <TextBlock text={product.Description} />
        </Tabs.Panel>
        <Tabs.Panel value="requirements" p="lg">
          <TextBlock text={product.requirements} />
        </Tabs.Panel>
        <Tabs.Panel value="installation" p="lg">
          <InstallationSteps text={product.installation} />
        </Tabs.Panel>
      </Tabs>
    </Paper>
  );
};
