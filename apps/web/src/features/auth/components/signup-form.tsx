import { Anchor, Button, Checkbox, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { AppDatesProvider, DISPLAY_DATE_FORMAT } from '@/components/dates-provider';
import { parseTypedDate } from '@portal/contract';
import { IconCalendar } from '@tabler/icons-react';
import { useForm } from '@mantine/form';
import { Trans, useTranslation } from '@/lib/i18n';
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
import { SignupField } from './signup-field';

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
            <SignupField form={form} name="companyName" isRequired autoComplete="organization" />
            <SignupField form={form} name="tradeLicenseNumber" isRequired />
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
            <SignupField
              form={form}
              name="trnNumber"
              description={t('auth.signUp.trnHint')}
              inputWrapperOrder={['label', 'input', 'description', 'error']}
              inputMode="numeric"
            />
            <SignupField form={form} name="country" isRequired autoComplete="country-name" />
            <SignupField form={form} name="city" isRequired autoComplete="address-level2" />
          </SimpleGrid>
          <SignupField form={form} name="address" isRequired autoComplete="street-address" />
        </FormSection>

        <FormSection isFieldset title={t('auth.signUp.contact')} description={t('auth.signUp.contactHint')}>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <SignupField form={form} name="name" isRequired autoComplete="name" />
            <SignupField form={form} name="jobTitle" autoComplete="organization-title" />
            <EmailField autoComplete="email" {...form.getInputProps('email')} />
            <SignupField
              form={form}
              name="phone"
              isRequired
              type="tel"
              autoComplete="tel"
              placeholder="+971 50 123 4567"
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
