import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from '@/lib/i18n';
import { Link } from 'react-router';
import { useDocumentPageTitle } from '@/components/page-title';
import { paths } from '@/config/paths';

export function NotFoundRoute() {
  const { t } = useTranslation();
  useDocumentPageTitle(t('notFound.title'));
  return (
    <Container size="sm" py={{ base: 48, sm: 96 }}>
      <Stack align="center" ta="center" gap="md">
        <Text fz={{ base: 72, sm: 120 }} fw={900} lh={1} c="brand.1" aria-hidden>
          404
        </Text>
        <Title order={1}>{t('notFound.title')}</Title>
        <Text c="dimmed" size="lg" maw={460}>
          {t('notFound.text')}
        </Text>
        <Button component={Link} to={paths.home.getHref()} size="md" mt="sm">
          {t('common.goHome')}
        </Button>
      </Stack>
    </Container>
  );
}
