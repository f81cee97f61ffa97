import { Container, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import type { ReactNode } from 'react';

type AuthPanelProps = { icon: Icon; title: string; description?: string; children: ReactNode };

export function AuthPanel({ icon: PanelIcon, title, description, children }: AuthPanelProps) {
  return (
    <Container size={480} py={{ base: 'xl', sm: 64 }}>
      <Paper withBorder shadow="sm" p={{ base: 'lg', sm: 'xl' }}>
        <Stack gap="lg">
          <Stack gap="xs" align="flex-start">
            <ThemeIcon size={48} radius="xl" variant="light">
              <PanelIcon size={26} />
            </ThemeIcon>
            <Title order={1} size="h2">
              {title}
            </Title>
            {description && <Text c="dimmed">{description}</Text>}
          </Stack>
          {children}
        </Stack>
      </Paper>
    </Container>
  );
}
