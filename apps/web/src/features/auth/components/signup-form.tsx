import { Anchor, Button, Checkbox, Paper, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { AppDatesProvider, DISPLAY_DATE_FORMAT } from '@/components/dates-provider';
import { parseTypedDate } from '@portal/contract';
import { IconCalendar } from '@tabler/icons-react';
import { useForm } from '@mantine/form';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FileField } from '@/components/file-field';
import { paths } from '@/config/paths';
import { applyServerErrors, zodValidate } from '@/lib/form';
import { useLocale } from '@/lib/locale';
import { useSignup } from '../api/signup';
import { ACCEPTED_UPLOAD_TYPES } from '@/lib/upload-file';
import { SignupFormSchema, initialSignupValues, toSignupFormData } from './signup-schema';
import type { SignupFormValues } from './signup-schema';
import { requiredField } from '@/components/required-field';
import { FormSection } from '@/components/form-section';
import { EmailField } from '@/components/email-field';

function todayIso(): string {
  const now = new Date();
  const offset = now.getTimezoneOffset() * 60_000;
  return new Date(now.getTime() - offset).toISOString().slice(0, 10);
}

type SignupFormProps = { onSuccess: (email: string) => void };

export function SignupForm({ onSuccess }: SignupFormProps) {
  const { t } = useTranslation();
  const { language } = useLocale();
  const signup = useSignup();
  const form = useForm<SignupFormValues>({
    initialValues: initialSignupValues,
    validate: zodValidate(SignupFormSchema),
    validateInputOnChange: ['tradeLicense', 'vatCertificate', 'acceptTerms'],
  });

  const handleSubmit = form.onSubmit(
    (values) => {
      signup.mutate(toSignupFormData(values, language), {
        onSuccess: (result) => onSuccess(result.email),
        onError: (error) => applyServerErrors(form, error),
      });
    },
    () => {
      window.requestAnimationFrame(() => document.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
    },
  );

  const uploadHint = t('auth.signUp.uploadHint');

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="lg">
        <FormSection isFieldset title={t('auth.signUp.company')}>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput
              label={t('fields.companyName')}
              {...requiredField}
              autoComplete="organization"
              {...form.getInputProps('companyName')}
            />
            <TextInput
              label={t('fields.tradeLicenseNumber')}
              {...requiredField}
              {...form.getInputProps('tradeLicenseNumber')}
            />
            <AppDatesProvider language={language}>
              <DateInput
                label={t('fields.tradeLicenseExpiry')}
                {...requiredField}
                minDate={todayIso()}
                valueFormat={DISPLAY_DATE_FORMAT}
                dateParser={parseTypedDate}
                placeholder={t('auth.signUp.datePlaceholder')}
                leftSection={<IconCalendar size={18} />}
                value={form.values.tradeLicenseExpiry || null}
                onChange={(value) => form.setFieldValue('tradeLicenseExpiry', value ?? '')}
                error={form.errors.tradeLicenseExpiry}
              />
            </AppDatesProvider>
            <TextInput
              label={t('fields.trnNumber')}
              description={t('auth.signUp.trnHint')}
              inputWrapperOrder={['label', 'input', 'description', 'error']}
              inputMode="numeric"
              {...form.getInputProps('trnNumber')}
            />
            <TextInput
              label={t('fields.country')}
              {...requiredField}
              autoComplete="country-name"
              {...form.getInputProps('country')}
            />
            <TextInput
              label={t('fields.city')}
              {...requiredField}
              autoComplete="address-level2"
              {...form.getInputProps('city')}
            />
          </SimpleGrid>
          <TextInput
            label={t('fields.address')}
            {...requiredField}
            autoComplete="street-address"
            {...form.getInputProps('address')}
          />
        </FormSection>

        <FormSection isFieldset title={t('auth.signUp.contact')} description={t('auth.signUp.contactHint')}>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput
              label={t('fields.name')}
              {...requiredField}
              autoComplete="name"
              {...form.getInputProps('name')}
            />
            <TextInput
              label={t('fields.jobTitle')}
              autoComplete="organization-title"
              {...form.getInputProps('jobTitle')}
            />
            <EmailField autoComplete="email" {...form.getInputProps('email')} />
            <TextInput
              label={t('fields.phone')}
              type="tel"
              {...requiredField}
              autoComplete="tel"
              placeholder="+971 50 123 4567"
              {...form.getInputProps('phone')}
            />
          </SimpleGrid>
        </FormSection>

        <FormSection isFieldset title={t('auth.signUp.documents')} description={uploadHint}>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <FileField
              label={t('fields.tradeLicense')}
              withAsterisk
              accept={ACCEPTED_UPLOAD_TYPES}
              value={form.values.tradeLicense}
              error={form.errors.tradeLicense}
              onChange={(file) => form.setFieldValue('tradeLicense', file)}
            />
            <FileField
              label={t('fields.vatCertificate')}
              accept={ACCEPTED_UPLOAD_TYPES}
              value={form.values.vatCertificate}
              error={form.errors.vatCertificate}
              onChange={(file) => form.setFieldValue('vatCertificate', file)}
            />
          </SimpleGrid>
        </FormSection>

        <Paper withBorder p={{ base: 'md', sm: 'xl' }}>
          <Stack gap="lg">
            <Checkbox
              size="md"
              aria-required
              label={
                <Trans
                  i18nKey="auth.signUp.acceptTerms"
                  components={{
                    terms: <Anchor component={Link} to={paths.termsOfUse.getHref()} target="_blank" inherit />,
                  }}
                />
              }
              {...form.getInputProps('acceptTerms', { type: 'checkbox' })}
            />
            <Text size="sm" c="dimmed">
              {t('auth.signUp.passwordNote')}
            </Text>
            <Button type="submit" size="lg" loading={signup.isPending} style={{ alignSelf: 'flex-start' }}>
              {t('auth.signUp.submit')}
            </Button>
          </Stack>
        </Paper>
      </Stack>
    </form>
  );
}
