import { Anchor, Button, Code, CopyButton, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconCheck, IconCode, IconCopy, IconExternalLink } from '@tabler/icons-react';
import type { Widget } from '@portal/contract';
import { useTranslation } from '@/lib/i18n';

// The embed code to paste into the agency's own website (issue 13 item 4), and the shop's own address
export function EmbedPanel({ widget }: { widget: Widget }) {
  const { t } = useTranslation();
  const origin = window.location.origin;
  const shopUrl = `${origin}/w/${widget.slug}`;
  const code = `<script async src="${origin}/widget.js" data-widget="${widget.slug}" data-language="${widget.language}" data-currency="${widget.currency}"></script>`;
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} data-testid="widget-embed-panel">
      <Stack gap="sm">
        <Group gap="xs">
          <IconCode size={20} />
          <Title order={2} size="h4">
            {t('widgets.embed.title')}
          </Title>
        </Group>
        <Text size="sm" c="dimmed">
          {t('widgets.embed.hint')}
        </Text>
        <Code block data-testid="widget-embed-code" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {code}
        </Code>
        <Group justify="space-between" gap="xs">
          <Anchor href={shopUrl} target="_blank" rel="noopener" size="sm" data-testid="widget-shop-link">
            <Group gap={4} wrap="nowrap">
              <IconExternalLink size={14} />
              <span style={{ overflowWrap: 'anywhere' }}>{shopUrl}</span>
            </Group>
          </Anchor>
          <CopyButton value={code} timeout={2000}>
            {({ copied, copy }) => (
              <Button
                type="button"
                size="xs"
                variant={copied ? 'filled' : 'light'}
                color={copied ? 'teal' : undefined}
                leftSection={copied ? <IconCheck size={14} /> : <IconCopy size={14} />}
                onClick={copy}
                data-testid="widget-embed-copy"
              >
                {copied ? t('widgets.embed.copied') : t('widgets.embed.copy')}
              </Button>
            )}
          </CopyButton>
        </Group>
      </Stack>
    </Paper>
  );
}
