import { Badge, Divider, Group, List, Loader, Stack, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { AuditAction, AuditChange, AuditEntry, AuditListResponse } from '@portal/contract';
import type { ReactNode } from 'react';
import { useTranslation } from '@/lib/i18n';
import { formatDateTime } from '@/lib/format';
import { useLocale } from '@/lib/locale';
import { ListPagination } from './list-pagination';
import { LoadFailed } from './load-failed';
import { useIsPhone } from '@/lib/use-is-phone';

// How a page names what its history records: the action, each field, and a field's stored value
export type AuditWords = {
  action: (action: AuditAction) => string;
  field: (field: string) => string;
  value: (change: AuditChange, value: string | null) => string;
  empty: string;
  paginationKeys: string;
  // the entry's subject (who or what changed) is worth a line where a page's entries are about different things
  showSubject?: boolean;
};

// One changed field: 'Field: before → after'
export function AuditChangeText({ change, words }: { change: AuditChange; words: AuditWords }) {
  return (
    <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
      <Text span fw={600} size="sm">
        {words.field(change.field)}:
      </Text>{' '}
      {words.value(change, change.from)} → {words.value(change, change.to)}
    </Text>
  );
}

// An entry's first line: when, who (`actor`: their name as a link where a page offers one) and what they did;
// `children` follow on the line
export function AuditEntryHeading({
  entry,
  words,
  actor,
  children,
}: {
  entry: AuditEntry;
  words: AuditWords;
  actor?: ReactNode;
  children?: ReactNode;
}) {
  const { language } = useLocale();
  return (
    <Group gap="xs" wrap="wrap">
      <Text size="sm" fw={600}>
        {formatDateTime(entry.at, language)}
      </Text>
      {actor ?? (
        <Text size="sm" c="dimmed">
          {entry.actorName}
        </Text>
      )}
      <Badge variant="light" size="sm">
        {words.action(entry.action)}
      </Badge>
      {children}
    </Group>
  );
}

function HistoryEntry({ entry, words }: { entry: AuditEntry; words: AuditWords }) {
  return (
    <Stack gap={6} data-testid="history-entry">
      <AuditEntryHeading entry={entry} words={words} />
      {words.showSubject && (
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {entry.subject}
        </Text>
      )}
      {entry.changes.length > 0 && (
        <List spacing={2} size="sm" listStyleType="none">
          {entry.changes.map((change) => (
            <List.Item key={change.field}>
              <AuditChangeText change={change} words={words} />
            </List.Item>
          ))}
        </List>
      )}
    </Stack>
  );
}

// The history of changes a page keeps (company settings, agents): entries newest first, a page at a time, with the
// loading, empty and failed states
export function AuditHistory({
  history,
  page,
  onPageChange,
  words,
}: {
  history: UseQueryResult<AuditListResponse>;
  page: number;
  onPageChange: (page: number) => void;
  words: AuditWords;
}) {
  const { t } = useTranslation();
  const isPhone = useIsPhone();
  const data = history.data;
  if (history.isError && !data)
    return <LoadFailed error={history.error} onRetry={() => void history.refetch()} isRetrying={history.isFetching} />;
  if (!data) return <Loader size="sm" aria-label={t('common.loading')} />;
  if (data.items.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {words.empty}
      </Text>
    );
  return (
    <Stack gap="md" style={{ opacity: history.isPlaceholderData ? 0.6 : 1 }}>
      {data.items.map((entry, index) => (
        <Stack key={entry.id} gap="md">
          {index > 0 && <Divider />}
          <HistoryEntry entry={entry} words={words} />
        </Stack>
      ))}
      <ListPagination
        total={data.total}
        onPage={data.onPage}
        page={page}
        onChange={onPageChange}
        isCompact={isPhone}
        textKeys={words.paginationKeys}
      />
    </Stack>
  );
}
