import { TextInput, type TextInputProps } from '@mantine/core';
import { useTranslation } from '@/lib/i18n';
import { requiredField } from './required-field';

// A required email address; labelled "Email" unless the form names it otherwise
export function EmailField(props: TextInputProps) {
  const { t } = useTranslation();
  return <TextInput label={t('fields.email')} type="email" {...requiredField} {...props} />;
}
