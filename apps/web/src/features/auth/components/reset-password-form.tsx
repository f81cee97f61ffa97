import { Alert, Anchor, Button, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { MESSAGES, ResetPasswordBody } from '@portal/contract';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from '@/lib/i18n';
import { NewPasswordFields } from './new-password-fields';
import { Link, useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { applyServerErrors, zodValidate } from '@/lib/form';
import { translateMessage } from '@/lib/i18n';
import { notify } from '@/lib/notify';
import { useResetPassword } from '../api/reset-password';

export function ResetPasswordForm({ token, isInvite = false }: { token: string; isInvite?: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const resetPassword = useResetPassword();
  const form = useForm({
    initialValues: { token, password: '', confirmPassword: '' },
    validate: zodValidate(ResetPasswordBody),
  });

  const handleSubmit = form.onSubmit((values) => {
    resetPassword.mutate(values, {
      onSuccess: () => {
        notify.success(isInvite ? t('auth.reset.inviteSuccess') : t('auth.reset.success'));
        void navigate(paths.home.getHref(), { replace: true });
      },
      onError: (error) => applyServerErrors(form, error),
    });
  });

  const tokenError = form.errors.token;

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        {tokenError && (
          <Alert color="red" icon={<IconAlertTriangle size={20} />}>
            {tokenError}{' '}
            <Anchor component={Link} to={paths.forgotPassword.getHref()} inherit fw={600}>
              {t('auth.reset.requestNew')}
            </Anchor>
          </Alert>
        )}
        <NewPasswordFields
          password={form.getInputProps('password')}
          confirmPassword={form.getInputProps('confirmPassword')}
        />
        <Button type="submit" size="md" fullWidth loading={resetPassword.isPending}>
          {isInvite ? t('auth.reset.inviteSubmit') : t('auth.reset.submit')}
        </Button>
      </Stack>
    </form>
  );
}

export function MissingResetToken() {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      <Alert color="red" icon={<IconAlertTriangle size={20} />}>
        {translateMessage(MESSAGES.resetLinkInvalid)}
      </Alert>
      <Button component={Link} to={paths.forgotPassword.getHref()} variant="light">
        {t('auth.reset.requestNew')}
      </Button>
    </Stack>
  );
}
