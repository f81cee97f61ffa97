import { ActionIcon, Button, Checkbox, Group, SimpleGrid, Stack, Text, TextInput, Textarea } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { SOCIAL_NETWORKS, WIDGET_TYPES } from '@portal/contract';
import { useTranslation } from '@/lib/i18n';
import type { ReactNode } from 'react';
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

// A tab that opens with a line on what it is for
function HintedTab({ hint, children }: { hint: string; children: ReactNode }) {
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {hint}
      </Text>
      {children}
    </Stack>
  );
}

type LinksTabProps = {
  form: WidgetForm;
  // the form's object the inputs fill, one key per name
  path: 'contacts' | 'socialLinks';
  names: readonly string[];
  // where the inputs' labels are (`${textKeys}.${name}`), and their placeholders unless one is given for all
  textKeys: string;
  hint: string;
  placeholder?: string;
};

// A tab of one text input per name, two by two
function LinksTab({ form, path, names, textKeys, hint, placeholder }: LinksTabProps) {
  const { t } = useTranslation();
  return (
    <HintedTab hint={hint}>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        {names.map((name) => (
          <TextInput
            key={name}
            label={t(`${textKeys}.${name}`)}
            placeholder={placeholder ?? t(`${textKeys}.${name}Placeholder`)}
            {...form.getInputProps(`${path}.${name}`)}
          />
        ))}
      </SimpleGrid>
    </HintedTab>
  );
}

export function ContactsTab({ form }: TabProps) {
  const { t } = useTranslation();
  const hint = t('widgets.tabs.contactsHint');
  return <LinksTab form={form} path="contacts" names={CONTACT_FIELDS} textKeys="widgets.contacts" hint={hint} />;
}

export function PartnersTab({ form }: TabProps) {
  const { t } = useTranslation();
  return (
    <HintedTab hint={t('widgets.tabs.partnersHint')}>
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
    </HintedTab>
  );
}

export function SocialTab({ form }: TabProps) {
  const { t } = useTranslation();
  const hint = t('widgets.tabs.socialHint');
  return (
    <LinksTab
      form={form}
      path="socialLinks"
      names={SOCIAL_NETWORKS}
      textKeys="widgets.social"
      hint={hint}
      placeholder="https://"
    />
  );
}
