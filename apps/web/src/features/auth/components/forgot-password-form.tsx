import { useState } from 'react';
import { Alert, Anchor, Button, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { ForgotPasswordBody } from '@portal/contract';
import { IconMailForward } from '@tabler/icons-react';
import { useTranslation } from '@/lib/i18n';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { applyServerErrors, zodValidate } from '@/lib/form';
import { useForgotPassword } from '../api/forgot-password';
import { EmailField } from '@/components/email-field';

export function ForgotPasswordForm() {
  const { t } = useTranslation();
  const forgotPassword = useForgotPassword();
  const [isSent, setIsSent] = useState(false);
  const form = useForm({ initialValues: { email: '' }, validate: zodValidate(ForgotPasswordBody) });

  const handleSubmit = form.onSubmit((values) => {
    forgotPassword.mutate(
      { email: values.email.trim() },
      { onSuccess: () => setIsSent(true), onError: (error) => applyServerErrors(form, error) },
    );
  });

  if (isSent) {
    return (
      <Stack gap="md">
        <Alert color="teal" icon={<IconMailForward size={20} />} role="status">
          {t('auth.forgot.sent')}
        </Alert>
        <Anchor component={Link} to={paths.home.getHref()} fw={600}>
          {t('auth.backToLogin')}
        </Anchor>
      </Stack>
    );
  }

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        <EmailField autoComplete="email" {...form.getInputProps('email')} />
        <Button type="submit" size="md" fullWidth loading={forgotPassword.isPending}>
          {t('auth.forgot.submit')}
        </Button>
        <Anchor component={Link} to={paths.home.getHref()} size="sm" ta="center">
          {t('auth.backToLogin')}
        </Anchor>
      </Stack>
    </form>
  );
}
