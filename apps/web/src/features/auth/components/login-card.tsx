import { Anchor, Button, Divider, Group, Paper, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { MESSAGES } from '@portal/contract/plain';
import { useTranslation } from '@/lib/i18n';
import { Link } from 'react-router';
import { PasswordField } from '@/components/password-field';
import { paths } from '@/config/paths';
import { applyServerErrors } from '@/lib/form';
import { translateMessage } from '@/lib/i18n';
import { useLogin } from '../api/login';
import { requiredField } from '@/components/required-field';
import { SectionHeading } from '@/components/section-heading';
import { EmailField } from '@/components/email-field';

export function LoginCard() {
  const { t } = useTranslation();
  const login = useLogin();
  const form = useForm({
    initialValues: { email: '', password: '' },
    // the rules of the contract's LoginBody, by hand: the login page loads without zod
    validate: {
      email: (value) => (value.trim() ? null : translateMessage(MESSAGES.required)),
      password: (value) => (value ? null : translateMessage(MESSAGES.required)),
    },
  });

  const handleSubmit = form.onSubmit((values) => {
    login.mutate(values, { onError: (error) => applyServerErrors(form, error) });
  });

  return (
    <Paper p={{ base: 'lg', sm: 'xl' }} shadow="xl" radius="lg" bg="white" c="var(--mantine-color-text)">
      <Stack gap="lg">
        <SectionHeading title={t('auth.login.title')} description={t('auth.login.subtitle')} size="h3" />
        <form onSubmit={handleSubmit} noValidate>
          <Stack gap="md">
            <EmailField autoComplete="username" {...form.getInputProps('email')} />
            <PasswordField
              label={t('fields.password')}
              autoComplete="current-password"
              {...requiredField}
              {...form.getInputProps('password')}
            />
            <Group justify="flex-end" mt={-6}>
              <Anchor component={Link} to={paths.forgotPassword.getHref()} size="sm">
                {t('auth.login.forgotPassword')}
              </Anchor>
            </Group>
            <Button type="submit" size="md" fullWidth loading={login.isPending}>
              {t('auth.login.submit')}
            </Button>
          </Stack>
        </form>
        <Divider />
        <Text size="sm" ta="center">
          {t('auth.login.noAccount')}{' '}
          <Anchor component={Link} to={paths.signUp.getHref()} fw={600}>
            {t('auth.login.register')}
          </Anchor>
        </Text>
      </Stack>
    </Paper>
  );
}
