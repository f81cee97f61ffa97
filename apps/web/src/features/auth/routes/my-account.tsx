import { Container, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from '@/lib/i18n';
import { useDocumentPageTitle } from '@/components/page-title';
import { ChangePasswordForm } from '../components/change-password-form';
import { ProfileCard } from '../components/profile-card';

export function MyAccountRoute() {
  const { t } = useTranslation();
  useDocumentPageTitle(t('account.title'));
  return (
    <Container size="xl" py={{ base: 'xl', sm: 48 }}>
      <Stack gap="xl">
        <div>
          <Title order={1}>{t('account.title')}</Title>
          <Text c="dimmed" mt="xs">
            {t('account.subtitle')}
          </Text>
        </div>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          <ProfileCard />
          <ChangePasswordForm />
        </SimpleGrid>
      </Stack>
    </Container>
  );
}
