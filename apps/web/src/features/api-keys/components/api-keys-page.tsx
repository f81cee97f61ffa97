import { useState } from 'react';
import {
  Alert,
  Badge,
  Button,
  Code,
  Group,
  Modal,
  Paper,
  Select,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertTriangle, IconKey } from '@tabler/icons-react';
import type { ApiKey, ApiKeyRole, CreatedApiKey } from '@portal/contract';
import { useTranslation } from '@/lib/i18n';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { QueryContent } from '@/components/query-content';
import { EmptyState } from '@/components/empty-state';
import { AgentPage } from '@/components/agent-page';
import { useDocumentPageTitle } from '@/components/page-title';
import { formatDateTime } from '@/lib/format';
import { notify } from '@/lib/notify';
import { Money } from '@/components/money';
import { useApiKeys, useCreateApiKey, useRefillTestBalance, useRevokeApiKey } from '../api/api-keys';
import { CopyValue } from './copy-value';
import { WebhooksSection } from './webhooks-section';
import { useIsPhone } from '@/lib/use-is-phone';
import { TableHead } from '@/components/table-head';

// Issue 30: the agency's keys for the reseller API (OCTO) — create one (its secret shown once), see when each was
// last used, revoke; and a quick start with the agency's own base address.
export function ApiKeysPage() {
  const { t, i18n } = useTranslation();
  useDocumentPageTitle(t('apiKeys.title'));
  const list = useApiKeys();
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  const language = i18n.language === 'ru' ? 'ru' : 'en';

  return (
    <AgentPage textKeys="apiKeys">
      <NewKeyForm onCreated={setCreated} />
      <QueryContent query={list}>
        {(data) => (
          <>
            <KeysTable keys={data.keys} language={language} onRevoke={setRevoking} />
            <TestBalancePanel amount={data.testBalance.amount} currency={data.testBalance.currencyCode} />
            <QuickStart baseUrl={data.baseUrl} />
            <WebhooksSection language={language} />
          </>
        )}
      </QueryContent>
      <SecretOnce created={created} onClose={() => setCreated(null)} />
      <RevokeDialog apiKey={revoking} onClose={() => setRevoking(null)} />
    </AgentPage>
  );
}

function NewKeyForm({ onCreated }: { onCreated: (key: CreatedApiKey) => void }) {
  const { t } = useTranslation();
  const create = useCreateApiKey();
  const form = useForm({ initialValues: { name: '', role: 'senior' as ApiKeyRole, isTest: false } });
  const submit = form.onSubmit((values) => {
    if (!values.name.trim()) {
      form.setFieldError('name', t('apiKeys.nameRequired'));
      return;
    }
    create.mutate(values, {
      onSuccess: (key) => {
        form.reset();
        onCreated(key);
      },
    });
  });
  return (
    <Paper withBorder p="md">
      <form onSubmit={submit} noValidate>
        <Group align="flex-end" wrap="wrap">
          <TextInput
            label={t('apiKeys.name')}
            placeholder={t('apiKeys.namePlaceholder')}
            maxLength={60}
            style={{ flex: '1 1 220px' }}
            data-testid="api-key-name"
            {...form.getInputProps('name')}
          />
          <Select
            label={t('apiKeys.role')}
            data={[
              { value: 'senior', label: t('roles.senior') },
              { value: 'junior', label: t('roles.junior') },
            ]}
            allowDeselect={false}
            style={{ flex: '0 1 200px' }}
            {...form.getInputProps('role')}
          />
          <Switch
            label={t('apiKeys.testKey')}
            description={t('apiKeys.testKeyHint')}
            style={{ flex: '1 1 240px' }}
            data-testid="api-key-test"
            {...form.getInputProps('isTest', { type: 'checkbox' })}
          />
          <Button
            type="submit"
            leftSection={<IconKey size={18} />}
            loading={create.isPending}
            data-testid="api-key-create"
          >
            {t('apiKeys.create')}
          </Button>
        </Group>
      </form>
    </Paper>
  );
}

function KeysTable({
  keys,
  language,
  onRevoke,
}: {
  keys: ApiKey[];
  language: 'en' | 'ru';
  onRevoke: (key: ApiKey) => void;
}) {
  const { t } = useTranslation();
  const isPhone = useIsPhone();
  if (keys.length === 0) return <EmptyState testId="api-keys-empty">{t('apiKeys.empty')}</EmptyState>;
  const status = (key: ApiKey) =>
    key.revokedAt ? (
      <Badge color="gray" variant="light">
        {t('apiKeys.revoked')}
      </Badge>
    ) : (
      <Button size="xs" color="red" variant="light" onClick={() => onRevoke(key)} data-testid="api-key-revoke">
        {t('apiKeys.revoke')}
      </Button>
    );
  if (isPhone)
    return (
      <Stack gap="sm" data-testid="api-keys-cards">
        {keys.map((key) => (
          <Paper key={key.id} withBorder p="md" data-testid="api-key-row">
            <Stack gap={6}>
              <Group justify="space-between" wrap="nowrap" align="flex-start">
                <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                  {key.name} <TestMark apiKey={key} />
                </Text>
                {status(key)}
              </Group>
              <Code>{key.prefix}…</Code>
              <Text size="sm">
                {t('apiKeys.role')}: {t(`roles.${key.role}`)}
              </Text>
              <Text size="sm" c="dimmed">
                {t('apiKeys.createdAt')}: {formatDateTime(key.createdAt, language)} · {key.createdBy}
              </Text>
              <Text size="sm" c="dimmed">
                {t('apiKeys.lastUsed')}:{' '}
                {key.lastUsedAt ? formatDateTime(key.lastUsedAt, language) : t('apiKeys.never')}
              </Text>
            </Stack>
          </Paper>
        ))}
      </Stack>
    );
  return (
    <Paper withBorder>
      <Table.ScrollContainer minWidth={720}>
        <Table verticalSpacing="sm" data-testid="api-keys-table">
          <TableHead textKeys="apiKeys" cells={['name', 'key', 'role', 'createdAt', 'lastUsed', '']} />
          <Table.Tbody>
            {keys.map((key) => (
              <Table.Tr key={key.id} data-testid="api-key-row">
                <Table.Td>
                  {key.name} <TestMark apiKey={key} />
                </Table.Td>
                <Table.Td>
                  <Code>{key.prefix}…</Code>
                </Table.Td>
                <Table.Td>{t(`roles.${key.role}`)}</Table.Td>
                <Table.Td>
                  <Text size="sm">{formatDateTime(key.createdAt, language)}</Text>
                  <Text size="xs" c="dimmed">
                    {key.createdBy}
                  </Text>
                </Table.Td>
                <Table.Td>{key.lastUsedAt ? formatDateTime(key.lastUsedAt, language) : t('apiKeys.never')}</Table.Td>
                <Table.Td>{status(key)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}

function SecretOnce({ created, onClose }: { created: CreatedApiKey | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal opened={created !== null} onClose={onClose} title={t('apiKeys.secretTitle')} size="lg" centered>
      {created && (
        <Stack gap="md">
          <Alert color="yellow" icon={<IconAlertTriangle size={18} />}>
            {t('apiKeys.secretOnce')}
          </Alert>
          <Group gap="xs" wrap="nowrap">
            <Code
              block
              style={{ flex: 1, wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}
              data-testid="api-key-secret"
            >
              {created.secret}
            </Code>
            <CopyValue value={created.secret} testId="api-key-secret-copy" />
          </Group>
          <Group justify="flex-end">
            <Button onClick={onClose} data-testid="api-key-secret-done">
              {t('apiKeys.secretDone')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

function RevokeDialog({ apiKey, onClose }: { apiKey: ApiKey | null; onClose: () => void }) {
  const { t } = useTranslation();
  const revoke = useRevokeApiKey();
  return (
    <ConfirmDialog
      opened={apiKey !== null}
      onClose={onClose}
      title={t('apiKeys.revokeTitle')}
      cancelLabel={t('apiKeys.cancel')}
      confirmLabel={t('apiKeys.revoke')}
      confirmColor="red"
      isPending={revoke.isPending}
      confirmTestId="api-key-revoke-confirm"
      onConfirm={() =>
        apiKey &&
        revoke.mutate(apiKey.id, {
          onSuccess: () => {
            notify.success(t('apiKeys.revokedDone', { name: apiKey.name }));
            onClose();
          },
        })
      }
    >
      {apiKey && <Text>{t('apiKeys.revokeText', { name: apiKey.name })}</Text>}
    </ConfirmDialog>
  );
}

function QuickStart({ baseUrl }: { baseUrl: string }) {
  const { t } = useTranslation();
  const auth = `-H "Authorization: Bearer $KEY" -H "Octo-Capabilities: octo/pricing"`;
  const calls = [
    { label: t('apiKeys.qsProducts'), command: `curl ${auth} ${baseUrl}/products` },
    {
      label: t('apiKeys.qsAvailability'),
      command: `curl ${auth} -H "Content-Type: application/json" -d '{"productId":"<productId>","optionId":"<optionId>","localDateStart":"2026-12-01","localDateEnd":"2026-12-07"}' ${baseUrl}/availability`,
    },
    {
      label: t('apiKeys.qsReserve'),
      command: `curl ${auth} -H "Content-Type: application/json" -d '{"productId":"<productId>","optionId":"<optionId>","availabilityId":"<availabilityId>","unitItems":[{"unitId":"adult"},{"unitId":"adult"}]}' ${baseUrl}/bookings`,
    },
    {
      label: t('apiKeys.qsConfirm'),
      command: `curl ${auth} -H "Content-Type: application/json" -d '{"contact":{"fullName":"Anna Smith","emailAddress":"anna@example.com"}}' ${baseUrl}/bookings/<uuid>/confirm`,
    },
  ];
  return (
    <Paper withBorder p="md" data-testid="api-quick-start">
      <Stack gap="sm">
        <Title order={3} size="h4">
          {t('apiKeys.quickStart')}
        </Title>
        <Text size="sm">{t('apiKeys.quickStartText')}</Text>
        <Group gap="xs" wrap="nowrap">
          <Text size="sm" fw={600}>
            {t('apiKeys.baseUrl')}
          </Text>
          <Code data-testid="api-base-url">{baseUrl}</Code>
          <CopyValue value={baseUrl} />
        </Group>
        {calls.map((call) => (
          <Stack key={call.label} gap={4}>
            <Text size="sm">{call.label}</Text>
            <Group gap="xs" wrap="nowrap" align="flex-start">
              <Code block style={{ flex: 1, whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
                {call.command}
              </Code>
              <CopyValue value={call.command} />
            </Group>
          </Stack>
        ))}
      </Stack>
    </Paper>
  );
}

function TestMark({ apiKey }: { apiKey: ApiKey }) {
  const { t } = useTranslation();
  if (!apiKey.isTest) return null;
  return (
    <Badge component="span" size="xs" color="orange" variant="light" data-testid="api-key-test-mark">
      {t('apiKeys.test')}
    </Badge>
  );
}

// What test keys pay with: never real money; a refill sets it to 10,000.00
function TestBalancePanel({ amount, currency }: { amount: number; currency: 'aed' | 'usd' }) {
  const { t } = useTranslation();
  const refill = useRefillTestBalance();
  return (
    <Paper withBorder p="md" data-testid="api-test-balance">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Stack gap={2}>
          <Text fw={600}>
            {t('apiKeys.testBalance')}: <Money amount={amount} currency={currency} testId="api-test-balance-amount" />
          </Text>
          <Text size="sm" c="dimmed">
            {t('apiKeys.testBalanceHint')}
          </Text>
        </Stack>
        <Button
          variant="light"
          loading={refill.isPending}
          onClick={() => refill.mutate(undefined, { onSuccess: () => notify.success(t('apiKeys.refilled')) })}
          data-testid="api-test-refill"
        >
          {t('apiKeys.refill')}
        </Button>
      </Group>
    </Paper>
  );
}
