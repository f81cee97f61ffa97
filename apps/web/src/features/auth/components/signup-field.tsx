import { TextInput, type TextInputProps } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from '@/lib/i18n';
import { requiredField } from '@/components/required-field';
import type { SignupFormValues } from './signup-schema';

type SignupFieldProps = Omit<TextInputProps, 'form' | 'name'> & {
  form: UseFormReturnType<SignupFormValues>;
  name:
    | 'companyName'
    | 'tradeLicenseNumber'
    | 'trnNumber'
    | 'country'
    | 'city'
    | 'address'
    | 'name'
    | 'jobTitle'
    | 'phone';
  isRequired?: boolean;
};

// A sign-up detail typed in, labelled fields.<name>
export function SignupField({ form, name, isRequired = false, ...input }: SignupFieldProps) {
  const { t } = useTranslation();
  return (
    <TextInput
      label={t(`fields.${name}`)}
      {...(isRequired ? requiredField : {})}
      {...input}
      {...form.getInputProps(name)}
    />
  );
}
