import { Select, TextInput, type ComboboxData } from '@mantine/core';
import { useTranslation } from '@/lib/i18n';
import { requiredField } from '@/components/required-field';
import type { WidgetForm } from './editor-tabs';

type Field = 'type' | 'language' | 'currency' | 'domain' | 'slug' | 'metaTitle' | 'googleConversionActionId';

// A widget setting that must be chosen, from a fixed list; labelled widgets.fields.<field>
export function RequiredChoice({ form, field, data }: { form: WidgetForm; field: Field; data: ComboboxData }) {
  const { t } = useTranslation();
  return (
    <Select
      label={t(`widgets.fields.${field}`)}
      {...requiredField}
      data={data}
      allowDeselect={false}
      {...form.getInputProps(field)}
    />
  );
}

// A widget setting typed in, with the hint under its label (widgets.fields.<field>Hint) and an example
export function HintedInput({ form, field, placeholder }: { form: WidgetForm; field: Field; placeholder?: string }) {
  const { t } = useTranslation();
  return (
    <TextInput
      label={t(`widgets.fields.${field}`)}
      description={t(`widgets.fields.${field}Hint`)}
      placeholder={placeholder}
      {...form.getInputProps(field)}
    />
  );
}
