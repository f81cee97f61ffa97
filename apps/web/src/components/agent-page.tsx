import type { ReactNode } from 'react';
import { Container, Stack, type MantineSpacing } from '@mantine/core';
import { useTranslation } from '@/lib/i18n';
import { PageHeader } from './page-header';

// the page's texts: at `${textKeys}.title` and `${textKeys}.subtitle`, or given as they are
type AgentPageTexts = { textKeys: string } | { title: string; subtitle: string };

// One page of the agent's portal (balance, agents, widgets…): the page's width and padding, its header — the title,
// the line under it and what the page offers on the right — and below it the page's parts, stacked
export function AgentPage({
  action,
  gap = 'md',
  children,
  ...texts
}: AgentPageTexts & {
  action?: ReactNode;
  gap?: MantineSpacing;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const { title, subtitle } =
    'textKeys' in texts ? { title: t(`${texts.textKeys}.title`), subtitle: t(`${texts.textKeys}.subtitle`) } : texts;
  return (
    <Container size="xl" py={{ base: 'lg', md: 'xl' }}>
      <Stack gap={gap}>
        <PageHeader title={title} subtitle={subtitle} action={action} />
        {children}
      </Stack>
    </Container>
  );
}
