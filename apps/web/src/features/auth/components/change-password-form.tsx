import { Button, Paper, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { ChangePasswordBody } from '@portal/contract';
import { useTranslation } from '@/lib/i18n';
import { NewPasswordFields } from './new-password-fields';
import { PasswordField } from '@/components/password-field';
import { applyServerErrors, zodValidate } from '@/lib/form';
import { notify } from '@/lib/notify';
import { useChangePassword } from '../api/change-password';
import { requiredField } from '@/components/required-field';
import { SectionHeading } from '@/components/section-heading';

export function ChangePasswordForm() {
  const { t } = useTranslation();
  const changePassword = useChangePassword();
  const form = useForm({
    initialValues: { currentPassword: '', password: '', confirmPassword: '' },
    validate: zodValidate(ChangePasswordBody),
  });

  const handleSubmit = form.onSubmit((values) => {
    changePassword.mutate(values, {
      onSuccess: () => {
        notify.success(t('account.passwordChanged'));
        form.reset();
      },
      onError: (error) => applyServerErrors(form, error),
    });
  });

  return (
    <Paper withBorder p={{ base: 'lg', sm: 'xl' }} h="100%">
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="md">
          <SectionHeading title={t('account.changePassword')} description={t('account.changePasswordHint')} size="h3" />
          <PasswordField
            label={t('fields.currentPassword')}
            autoComplete="current-password"
            {...requiredField}
            {...form.getInputProps('currentPassword')}
          />
          <NewPasswordFields
            password={form.getInputProps('password')}
            confirmPassword={form.getInputProps('confirmPassword')}
          />
          <Button type="submit" size="md" loading={changePassword.isPending} style={{ alignSelf: 'flex-start' }}>
            {t('account.changePassword')}
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
