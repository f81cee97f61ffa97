import { useState } from 'react';
import { Anchor, Container, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from '@/lib/i18n';
import { Link } from 'react-router';
import { useDocumentPageTitle } from '@/components/page-title';
import { paths } from '@/config/paths';
import { SignupForm } from '../components/signup-form';
import { SignupSuccess } from '../components/signup-success';

export function SignUpRoute() {
  const { t } = useTranslation();
  const [registeredEmail, setRegisteredEmail] = useState<string | null>(null);
  useDocumentPageTitle(t('auth.signUp.title'));

  const handleSuccess = (email: string) => {
    setRegisteredEmail(email);
    window.scrollTo({ top: 0, behavior: 'smooth' });
  };

  return (
    <Container size="md" py={{ base: 'xl', sm: 48 }}>
      <Stack gap="xl">
        <div>
          <Title order={1}>{t('auth.signUp.title')}</Title>
          <Text c="dimmed" size="lg" mt="xs">
            {t('auth.signUp.subtitle')}
          </Text>
          {!registeredEmail && (
            <Text size="sm" mt="sm">
              {t('auth.signUp.haveAccount')}{' '}
              <Anchor component={Link} to={paths.home.getHref()} fw={600}>
                {t('auth.signUp.logIn')}
              </Anchor>
            </Text>
          )}
        </div>
        {registeredEmail ? <SignupSuccess email={registeredEmail} /> : <SignupForm onSuccess={handleSuccess} />}
      </Stack>
    </Container>
  );
}
