import { Anchor, Button, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconMailCheck } from '@tabler/icons-react';
import { Trans, useTranslation } from '@/lib/i18n';
import { Link } from 'react-router';
import { env } from '@/config/env';
import { paths } from '@/config/paths';

export function SignupSuccess({ email }: { email: string }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder shadow="sm" p={{ base: 'lg', sm: 48 }} role="status">
      <Stack align="center" ta="center" gap="md">
        <ThemeIcon size={72} radius="xl" color="teal" variant="light">
          <IconMailCheck size={40} />
        </ThemeIcon>
        <Title order={2}>{t('auth.signUp.successTitle')}</Title>
        <Text size="lg" maw={560}>
          <Trans i18nKey="auth.signUp.successText" values={{ email }} components={{ strong: <strong /> }} />
        </Text>
        <Text c="dimmed" maw={560}>
          {t('auth.signUp.successNext')}
        </Text>
        <Group justify="center" mt="sm">
          <Button component={Link} to={paths.home.getHref()} size="md">
            {t('auth.signUp.goToLogin')}
          </Button>
        </Group>
        {env.isDevHost && (
          <Anchor href={paths.devMailbox.href} size="sm" c="dimmed">
            {t('auth.signUp.devMailbox')}
          </Anchor>
        )}
      </Stack>
    </Paper>
  );
}
