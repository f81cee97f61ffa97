import { useState } from 'react';
import { Badge, Divider, Group, List, Loader, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { AuditChange, AuditEntry } from '@portal/contract';
import { useTranslation } from 'react-i18next';
import { ListPagination } from '@/components/list-pagination';
import { LoadFailed } from '@/components/load-failed';
import { formatDate, formatDateTime } from '@/lib/format';
import { useLocale } from '@/lib/locale';
import { useAgencyHistory } from '../api/get-agency-history';
import { fieldLabel } from '../utils/company-text';
import { FormSection } from './form-section';

const ON_PAGE = 10;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

function ChangeLine({ change }: { change: AuditChange }) {
  const { t } = useTranslation();
  const { language } = useLocale();
  const shown = (value: string | null) =>
    value === null ? t('company.history.empty') : DATE.test(value) ? formatDate(value, language) : value;
  return (
    <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
      <Text span fw={600} size="sm">
        {fieldLabel(change.field)}:
      </Text>{' '}
      {shown(change.from)} → {shown(change.to)}
    </Text>
  );
}

function HistoryEntry({ entry }: { entry: AuditEntry }) {
  const { t } = useTranslation();
  const { language } = useLocale();
  return (
    <Stack gap={6} data-testid="history-entry">
      <Group gap="xs" wrap="wrap">
        <Text size="sm" fw={600}>
          {formatDateTime(entry.at, language)}
        </Text>
        <Text size="sm" c="dimmed">
          {entry.actorName}
        </Text>
        <Badge variant="light" size="sm">
          {t(`company.history.actions.${entry.action}`, { defaultValue: entry.action })}
        </Badge>
      </Group>
      <List spacing={2} size="sm" listStyleType="none">
        {entry.changes.map((change) => (
          <List.Item key={change.field}>
            <ChangeLine change={change} />
          </List.Item>
        ))}
      </List>
    </Stack>
  );
}

// Who changed the company's details and documents, newest first (admins)
export function HistorySection() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const isPhone = useMediaQuery('(max-width: 47.99em)') ?? false;
  const history = useAgencyHistory(page, ON_PAGE);
  const data = history.data;
  return (
    <FormSection
      title={t('company.history.title')}
      description={t('company.history.subtitle')}
      testId="company-history"
    >
      {history.isError && !data ? (
        <LoadFailed error={history.error} onRetry={() => void history.refetch()} isRetrying={history.isFetching} />
      ) : !data ? (
        <Loader size="sm" aria-label={t('common.loading')} />
      ) : data.items.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('company.history.none')}
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
            textKeys="company.pagination"
          />
        </Stack>
      )}
    </FormSection>
  );
}
