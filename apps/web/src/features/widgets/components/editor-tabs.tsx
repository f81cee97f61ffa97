import { ActionIcon, Button, Checkbox, Group, SimpleGrid, Stack, Text, TextInput, Textarea } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { SOCIAL_NETWORKS, WIDGET_TYPES } from '@portal/contract';
import { useTranslation } from '@/lib/i18n';
import { requiredField } from '@/components/required-field';
import type { WidgetFormValues } from '../utils/form-values';
import { ImageField } from './image-field';
import { HintedInput, RequiredChoice } from './widget-fields';

export type WidgetForm = UseFormReturnType<WidgetFormValues>;
type TabProps = { form: WidgetForm };

const LANGUAGES = [
  { value: 'en', label: 'English' },
  { value: 'ru', label: 'Русский' },
];
const CURRENCIES = [
  { value: 'aed', label: 'AED' },
  { value: 'usd', label: 'USD' },
];

export function GeneralTab({ form }: TabProps) {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <TextInput label={t('widgets.fields.name')} {...requiredField} {...form.getInputProps('name')} />
        <RequiredChoice
          form={form}
          field="type"
          data={WIDGET_TYPES.map((type) => ({ value: type, label: t(`widgets.types.${type}`) }))}
        />
        <RequiredChoice form={form} field="language" data={LANGUAGES} />
        <RequiredChoice form={form} field="currency" data={CURRENCIES} />
        <HintedInput form={form} field="domain" placeholder="tours.example.com" />
        <HintedInput form={form} field="slug" placeholder="desert-tours" />
      </SimpleGrid>
      <TextInput label={t('widgets.fields.offersSectionTitle')} {...form.getInputProps('offersSectionTitle')} />
      <Textarea
        label={t('widgets.fields.footerText')}
        autosize
        minRows={3}
        maxRows={8}
        {...form.getInputProps('footerText')}
      />
    </Stack>
  );
}

export function SeoTab({ form }: TabProps) {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      <HintedInput form={form} field="metaTitle" />
      <Textarea
        label={t('widgets.fields.description')}
        description={t('widgets.fields.descriptionHint')}
        autosize
        minRows={3}
        {...form.getInputProps('description')}
      />
      <Checkbox
        label={t('widgets.fields.noIndex')}
        description={t('widgets.fields.noIndexHint')}
        {...form.getInputProps('noIndex', { type: 'checkbox' })}
      />
      <HintedInput form={form} field="googleConversionActionId" placeholder="AW-123456789/AbCdEfGh" />
    </Stack>
  );
}

export function MediaTab({ form }: TabProps) {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
        <ImageField form={form} field="logoImageId" label={t('widgets.fields.logo')} />
        <ImageField form={form} field="footerLogoImageId" label={t('widgets.fields.footerLogo')} />
        <ImageField form={form} field="heroImageId" label={t('widgets.fields.heroImage')} />
      </SimpleGrid>
      <TextInput
        label={t('widgets.fields.heroVideoUrl')}
        placeholder="https://"
        {...form.getInputProps('heroVideoUrl')}
      />
      <Checkbox
        label={t('widgets.fields.isHeroVideoDisabled')}
        {...form.getInputProps('isHeroVideoDisabled', { type: 'checkbox' })}
      />
    </Stack>
  );
}

const CONTACT_FIELDS = ['address', 'mapLink', 'email', 'telegram', 'phone', 'whatsapp', 'viber'] as const;

export function ContactsTab({ form }: TabProps) {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {t('widgets.tabs.contactsHint')}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        {CONTACT_FIELDS.map((field) => (
          <TextInput
            key={field}
            label={t(`widgets.contacts.${field}`)}
            placeholder={t(`widgets.contacts.${field}Placeholder`)}
            {...form.getInputProps(`contacts.${field}`)}
          />
        ))}
      </SimpleGrid>
    </Stack>
  );
}

export function PartnersTab({ form }: TabProps) {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {t('widgets.tabs.partnersHint')}
      </Text>
      {form.values.partners.length === 0 && (
        <Text size="sm" c="dimmed" fs="italic">
          {t('widgets.partners.empty')}
        </Text>
      )}
      {form.values.partners.map((_, index) => (
        <Group key={index} align="flex-start" gap="sm" wrap="nowrap" data-testid="widget-partner">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" style={{ flex: 1 }}>
            <TextInput
              label={t('widgets.partners.name')}
              {...requiredField}
              {...form.getInputProps(`partners.${index}.name`)}
            />
            <TextInput
              label={t('widgets.partners.url')}
              placeholder="https://"
              {...form.getInputProps(`partners.${index}.url`)}
            />
          </SimpleGrid>
          <ActionIcon
            variant="subtle"
            color="red"
            mt={28}
            aria-label={t('widgets.partners.remove')}
            onClick={() => form.removeListItem('partners', index)}
          >
            <IconTrash size={18} />
          </ActionIcon>
        </Group>
      ))}
      <Group>
        <Button
          variant="light"
          leftSection={<IconPlus size={16} />}
          onClick={() => form.insertListItem('partners', { name: '', url: '' })}
          disabled={form.values.partners.length >= 20}
        >
          {t('widgets.partners.add')}
        </Button>
      </Group>
    </Stack>
  );
}

export function SocialTab({ form }: TabProps) {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {t('widgets.tabs.socialHint')}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        {SOCIAL_NETWORKS.map((network) => (
          <TextInput
            key={network}
            label={t(`widgets.social.${network}`)}
            placeholder="https://"
            {...form.getInputProps(`socialLinks.${network}`)}
          />
        ))}
      </SimpleGrid>
    </Stack>
  );
}
