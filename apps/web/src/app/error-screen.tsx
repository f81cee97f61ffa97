import { Component } from 'react';
import type { ErrorInfo, ReactNode } from 'react';
import { Anchor, Box, Button, Code, Container, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from '@/lib/i18n';
import { env } from '@/config/env';
import { paths } from '@/config/paths';
import { getCachedLayoutInfo } from '@/lib/layout-info';
import { reportError } from '@/lib/insight';

type ErrorScreenProps = { error: unknown; componentStack?: string | null };

function describe(error: unknown): string {
  if (error instanceof Error)
    return error.stack && error.stack.includes(error.message)
      ? error.stack
      : `${error.name}: ${error.message}\n${error.stack ?? ''}`;
  return String(error);
}

function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}

// SPEC §8: the error screen text, then the error and the component stack.
export function ErrorScreen({ error, componentStack }: ErrorScreenProps) {
  const { t } = useTranslation();
  const supportPhone = getCachedLayoutInfo()?.supportPhone || env.supportPhone;
  const details = [describe(error), componentStack ? `\nComponent stack:${componentStack}` : ''].join('');

  return (
    <Box bg="gray.0" mih="100vh" py={{ base: 'xl', sm: 64 }}>
      <Container size="md">
        <Paper withBorder shadow="sm" p={{ base: 'lg', sm: 'xl' }} role="alert">
          <Stack gap="md">
            <Group gap="sm" wrap="nowrap" align="flex-start">
              <ThemeIcon color="red" variant="light" size={44} radius="xl">
                <IconAlertTriangle size={26} />
              </ThemeIcon>
              <Title order={1} size="h2">
                {t('errorScreen.title')}
              </Title>
            </Group>
            <Text size="lg">
              {t('errorScreen.contactBefore')}{' '}
              <Anchor href={telHref(supportPhone)} fw={600}>
                {supportPhone}
              </Anchor>{' '}
              {t('errorScreen.contactAfter')}
            </Text>
            <Group>
              <Button onClick={() => window.location.reload()}>{t('errorScreen.reload')}</Button>
              <Button variant="default" component="a" href={paths.home.getHref()}>
                {t('common.goHome')}
              </Button>
            </Group>
            <Code
              block
              component="pre"
              style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word', maxHeight: 420, overflow: 'auto' }}
            >
              {details}
            </Code>
          </Stack>
        </Paper>
      </Container>
    </Box>
  );
}

type BoundaryState = { error: unknown; componentStack: string | null; hasError: boolean };

// Catches render errors, including a page's code that fails to load: one boundary around the providers, and
// one per section inside the layout, so the user never sees a blank page.
export class AppErrorBoundary extends Component<{ children: ReactNode }, BoundaryState> {
  override state: BoundaryState = { error: null, componentStack: null, hasError: false };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { error, hasError: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    this.setState({ componentStack: info.componentStack ?? null });
    reportError(error, info.componentStack);
  }

  override render() {
    if (this.state.hasError) return <ErrorScreen error={this.state.error} componentStack={this.state.componentStack} />;
    return this.props.children;
  }
}
