import { Button, Container, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconHourglass } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { useDocumentPageTitle } from './page-title';

type ComingSoonProps = { title: string; description?: string; children?: ReactNode };

// A section whose screens are not built yet: its title and a plain statement, never sample data.
export function ComingSoon({ title, description, children }: ComingSoonProps) {
  const { t } = useTranslation();
  useDocumentPageTitle(title);
  return (
    <Container size="md" py={{ base: 'xl', sm: 64 }}>
      <Paper withBorder p={{ base: 'lg', sm: 48 }} shadow="xs">
        <Stack align="center" ta="center" gap="md">
          <ThemeIcon size={64} radius="xl" variant="light">
            <IconHourglass size={34} />
          </ThemeIcon>
          <Title order={1}>{title}</Title>
          <Text size="lg" fw={500}>
            {t('comingSoon.statement')}
          </Text>
          {description && (
            <Text c="dimmed" maw={520}>
              {description}
            </Text>
          )}
          {children}
          <Button component={Link} to={paths.home.getHref()} variant="light" mt="sm">
            {t('common.goHome')}
          </Button>
        </Stack>
      </Paper>
    </Container>
  );
}
