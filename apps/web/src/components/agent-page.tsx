import type { ReactNode } from 'react';
import { Container, Stack, type MantineSpacing } from '@mantine/core';
import { PageHeader } from './page-header';

// One page of the agent's portal (balance, agents, widgets…): the page's width and padding, its header — the title,
// the line under it and what the page offers on the right — and below it the page's parts, stacked
export function AgentPage({
  title,
  subtitle,
  action,
  gap = 'md',
  children,
}: {
  title: string;
  subtitle: string;
  action?: ReactNode;
  gap?: MantineSpacing;
  children: ReactNode;
}) {
  return (
    <Container size="xl" py={{ base: 'lg', md: 'xl' }}>
      <Stack gap={gap}>
        <PageHeader title={title} subtitle={subtitle} action={action} />
        {children}
      </Stack>
    </Container>
  );
}
