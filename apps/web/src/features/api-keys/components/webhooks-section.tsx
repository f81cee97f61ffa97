import { useState } from 'react';
import {
  Badge,
  Button,
  Checkbox,
  Code,
  Group,
  Paper,
  PasswordInput,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconSend, IconWebhook } from '@tabler/icons-react';
import { WEBHOOK_EVENTS, type WebhookDelivery, type WebhookEndpoint, type WebhookEvent } from '@portal/contract';
import { useTranslation } from '@/lib/i18n';
import { SectionHeading } from '@/components/section-heading';
import { StatusBadge } from '@/components/status-badge';
import { formatDateTime } from '@/lib/format';
import { translateMessage } from '@/lib/i18n';
import { notify } from '@/lib/notify';
import {
  useCreateWebhook,
  useDeliveries,
  useRemoveWebhook,
  useRetryDelivery,
  useSendTestEvent,
  useUpdateWebhook,
  useWebhooks,
} from '../api/webhooks';
import { CopyValue } from './copy-value';
import { TableHead } from '@/components/table-head';

type Language = 'en' | 'ru';

// Issue 30: the agency's webhook endpoints on its API page — add one (address and events), its signing secret, a
// test event, switching it off and on, and each endpoint's delivery log with "send again".
export function WebhooksSection({ language }: { language: Language }) {
  const { t } = useTranslation();
  const list = useWebhooks();
  return (
    <Paper withBorder p="md" data-testid="webhooks-section">
      <Stack gap="md">
        <SectionHeading title={t('apiKeys.webhooks.title')} description={t('apiKeys.webhooks.text')} size="h3" />
        <NewEndpointForm />
        {(list.data?.endpoints ?? []).map((endpoint) => (
          <EndpointCard key={endpoint.id} endpoint={endpoint} language={language} />
        ))}
      </Stack>
    </Paper>
  );
}

function NewEndpointForm() {
  const { t } = useTranslation();
  const create = useCreateWebhook();
  const form = useForm<{ url: string; events: WebhookEvent[] }>({
    initialValues: { url: '', events: [...WEBHOOK_EVENTS] },
  });
  const submit = form.onSubmit((values) => {
    if (!values.url.trim()) return form.setFieldError('url', t('apiKeys.webhooks.urlRequired'));
    if (values.events.length === 0) return form.setFieldError('events', t('apiKeys.webhooks.eventsRequired'));
    create.mutate(values, {
      onSuccess: () => {
        form.reset();
        notify.success(t('apiKeys.webhooks.added'));
      },
      onError: (error) => {
        const items = (error as { items?: { fieldName: string; errorMessage: string }[] }).items ?? [];
        for (const item of items)
          form.setFieldError(item.fieldName.split('.')[0] ?? 'url', translateMessage(item.errorMessage));
      },
    });
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <TextInput
          label={t('apiKeys.webhooks.url')}
          placeholder="https://booking.example.com/webhooks"
          maxLength={2000}
          data-testid="webhook-url"
          {...form.getInputProps('url')}
        />
        <Checkbox.Group label={t('apiKeys.webhooks.events')} {...form.getInputProps('events')}>
          <Group gap="md" mt={6}>
            {WEBHOOK_EVENTS.map((event) => (
              <Checkbox key={event} value={event} label={t(`apiKeys.webhooks.event.${event}`)} />
            ))}
          </Group>
        </Checkbox.Group>
        <Group>
          <Button
            type="submit"
            leftSection={<IconWebhook size={18} />}
            loading={create.isPending}
            data-testid="webhook-add"
          >
            {t('apiKeys.webhooks.add')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function EndpointCard({ endpoint, language }: { endpoint: WebhookEndpoint; language: Language }) {
  const { t } = useTranslation();
  const [isLogOpen, setLogOpen] = useState(false);
  const update = useUpdateWebhook();
  const remove = useRemoveWebhook();
  const test = useSendTestEvent();
  return (
    <Paper withBorder p="sm" data-testid="webhook-endpoint">
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
            {endpoint.url}
          </Text>
          {endpoint.isEnabled ? (
            <Badge color="teal" variant="light">
              {t('apiKeys.webhooks.on')}
            </Badge>
          ) : (
            <Badge color="gray" variant="light" data-testid="webhook-off">
              {t('apiKeys.webhooks.off')}
            </Badge>
          )}
        </Group>
        {!endpoint.isEnabled && endpoint.disabledReason && (
          <Text size="sm" c="dimmed">
            {endpoint.disabledReason}
          </Text>
        )}
        <Text size="sm">{endpoint.events.map((e) => t(`apiKeys.webhooks.event.${e}`)).join(' · ')}</Text>
        <Group gap="xs" wrap="nowrap" align="flex-end">
          <PasswordInput
            label={t('apiKeys.webhooks.secret')}
            value={endpoint.secret}
            readOnly
            style={{ flex: 1 }}
            data-testid="webhook-secret"
          />
          <CopyValue value={endpoint.secret} />
        </Group>
        <Group gap="xs">
          <Button
            size="xs"
            variant="light"
            leftSection={<IconSend size={14} />}
            loading={test.isPending}
            disabled={!endpoint.isEnabled}
            data-testid="webhook-test"
            onClick={() =>
              test.mutate(endpoint.id, {
                onSuccess: () => {
                  notify.info(t('apiKeys.webhooks.testSent'));
                  setLogOpen(true);
                },
              })
            }
          >
            {t('apiKeys.webhooks.test')}
          </Button>
          <Button size="xs" variant="default" onClick={() => setLogOpen((open) => !open)} data-testid="webhook-log">
            {isLogOpen ? t('apiKeys.webhooks.hideLog') : t('apiKeys.webhooks.showLog')}
          </Button>
          <Button
            size="xs"
            variant="default"
            loading={update.isPending}
            onClick={() => update.mutate({ id: endpoint.id, body: { isEnabled: !endpoint.isEnabled } })}
          >
            {endpoint.isEnabled ? t('apiKeys.webhooks.switchOff') : t('apiKeys.webhooks.switchOn')}
          </Button>
          <Button
            size="xs"
            color="red"
            variant="subtle"
            loading={remove.isPending}
            onClick={() => remove.mutate(endpoint.id)}
          >
            {t('apiKeys.webhooks.remove')}
          </Button>
        </Group>
        {isLogOpen && <DeliveryLog endpointId={endpoint.id} language={language} />}
      </Stack>
    </Paper>
  );
}

const STATUS_COLORS: Record<WebhookDelivery['status'], string> = {
  pending: 'yellow',
  succeeded: 'teal',
  failed: 'red',
};

function DeliveryLog({ endpointId, language }: { endpointId: string; language: Language }) {
  const { t } = useTranslation();
  const deliveries = useDeliveries(endpointId, true);
  const retry = useRetryDelivery();
  const rows = deliveries.data?.deliveries ?? [];
  if (rows.length === 0)
    return (
      <Text size="sm" c="dimmed" data-testid="webhook-log-empty">
        {t('apiKeys.webhooks.noDeliveries')}
      </Text>
    );
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table verticalSpacing={6} fz="sm" data-testid="webhook-deliveries">
        <TableHead
          textKeys="apiKeys.webhooks"
          cells={['eventColumn', 'statusColumn', 'codeColumn', 'triedColumn', 'nextColumn', '']}
        />
        <Table.Tbody>
          {rows.map((delivery) => (
            <Table.Tr key={delivery.id} data-testid="webhook-delivery" data-status={delivery.status}>
              <Table.Td>
                <Code>{delivery.eventType}</Code>
              </Table.Td>
              <Table.Td>
                <StatusBadge status={delivery.status} colors={STATUS_COLORS} textKeys="apiKeys.webhooks.status" />
              </Table.Td>
              <Table.Td>{delivery.lastStatusCode ?? delivery.lastError ?? '—'}</Table.Td>
              <Table.Td>
                {delivery.lastAttemptAt ? formatDateTime(delivery.lastAttemptAt, language) : '—'}
                {delivery.attempts > 1 && (
                  <Text span size="xs" c="dimmed">
                    {' '}
                    ({t('apiKeys.webhooks.tries', { count: delivery.attempts })})
                  </Text>
                )}
              </Table.Td>
              <Table.Td>{delivery.nextAttemptAt ? formatDateTime(delivery.nextAttemptAt, language) : '—'}</Table.Td>
              <Table.Td>
                {delivery.status !== 'succeeded' && (
                  <Button
                    size="compact-xs"
                    variant="light"
                    loading={retry.isPending && retry.variables === delivery.id}
                    onClick={() => retry.mutate(delivery.id)}
                    data-testid="webhook-retry"
                  >
                    {t('apiKeys.webhooks.sendAgain')}
                  </Button>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
