import { useState } from 'react';
import { Badge, Divider, Group, List, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { AuditChange, AuditEntry } from '@portal/contract';
import { useTranslation } from 'react-i18next';
import { ListPagination } from '@/components/list-pagination';
import { LoadFailed } from '@/components/load-failed';
import { formatDateTime, formatMoney } from '@/lib/format';
import { useLocale } from '@/lib/locale';
import { useAgencyCurrency } from '@/lib/me';
import { useAgentsHistory } from '../api/get-agents-history';

const ON_PAGE = 10;
const FIELDS = ['name', 'email', 'phone', 'role', 'jobTitle', 'monthlyCap', 'status'];

function ChangeLine({ change }: { change: AuditChange }) {
  const { t } = useTranslation();
  const { language } = useLocale();
  const { currency } = useAgencyCurrency();
  // roles and statuses are stored as codes, caps as major units of the account's currency
  const shown = (value: string | null) => {
    if (value === null) return change.field === 'monthlyCap' ? t('agents.noCap') : t('agents.history.empty');
    if (change.field === 'role') return t(`agents.roleNames.${value}`, { defaultValue: value });
    if (change.field === 'status') return t(`agents.statuses.${value}`, { defaultValue: value });
    if (change.field === 'monthlyCap' && value.trim() !== '' && Number.isFinite(Number(value)))
      return formatMoney(Number(value), currency, language);
    return value;
  };
  const label = FIELDS.includes(change.field) ? t(`agents.fields.${change.field}`) : change.field;
  return (
    <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
      <Text span fw={600} size="sm">
        {label}:
      </Text>{' '}
      {shown(change.from)} → {shown(change.to)}
    </Text>
  );
}

function HistoryEntry({ entry }: { entry: AuditEntry }) {
  const { t } = useTranslation();
  const { language } = useLocale();
  return (
    <Stack gap={6} data-testid="agents-history-entry">
      <Group gap="xs" wrap="wrap">
        <Text size="sm" fw={600}>
          {formatDateTime(entry.at, language)}
        </Text>
        <Text size="sm" c="dimmed">
          {entry.actorName}
        </Text>
        <Badge variant="light" size="sm">
          {t(`agents.history.actions.${entry.action}`, { defaultValue: entry.action })}
        </Badge>
      </Group>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {entry.subject}
      </Text>
      {entry.changes.length > 0 && (
        <List spacing={2} size="sm" listStyleType="none">
          {entry.changes.map((change) => (
            <List.Item key={change.field}>
              <ChangeLine change={change} />
            </List.Item>
          ))}
        </List>
      )}
    </Stack>
  );
}

// Who created, changed, deleted, restored or invited the agency's agents, newest first
export function AgentsHistory() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const isPhone = useMediaQuery('(max-width: 47.99em)') ?? false;
  const history = useAgentsHistory(page, ON_PAGE);
  const data = history.data;
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="agents-history-title" data-testid="agents-history">
      <Stack gap="md">
        <div>
          <Title order={2} size="h4" id="agents-history-title">
            {t('agents.history.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('agents.history.subtitle')}
          </Text>
        </div>
        {history.isError && !data ? (
          <LoadFailed error={history.error} onRetry={() => void history.refetch()} isRetrying={history.isFetching} />
        ) : !data ? (
          <Loader size="sm" aria-label={t('common.loading')} />
        ) : data.items.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('agents.history.none')}
          </Text>
        ) : (
          <Stack gap="md" style={{ opacity: history.isPlaceholderData ? 0.6 : 1 }}>
            {data.items.map((entry, index) => (
              <Stack key={entry.id} gap="md">
                {index > 0 && <Divider />}
                <HistoryEntry entry={entry} />
              </Stack>
            ))}
            <ListPagination
              total={data.total}
              onPage={data.onPage}
              page={page}
              onChange={setPage}
              isCompact={isPhone}
              textKeys="agents.pagination"
            />
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
