import { useState } from 'react';
import { Paper, Stack, Text, Title } from '@mantine/core';
import type { AuditChange } from '@portal/contract';
import { useTranslation } from '@/lib/i18n';
import { AuditHistory } from '@/components/audit-history';
import { formatMoney } from '@/lib/format';
import { useLocale } from '@/lib/locale';
import { useAgencyCurrency } from '@/lib/me';
import { useAgentsHistory } from '../api/get-agents-history';

const ON_PAGE = 10;
const FIELDS = ['name', 'email', 'phone', 'role', 'jobTitle', 'monthlyCap', 'status'];

// Who created, changed, deleted, restored or invited the agency's agents, newest first
export function AgentsHistory() {
  const { t } = useTranslation();
  const { language } = useLocale();
  const { currency } = useAgencyCurrency();
  const [page, setPage] = useState(1);
  const history = useAgentsHistory(page, ON_PAGE);
  // roles and statuses are stored as codes, caps as major units of the account's currency
  const value = (change: AuditChange, stored: string | null) => {
    if (stored === null) return change.field === 'monthlyCap' ? t('agents.noCap') : t('agents.history.empty');
    if (change.field === 'role') return t(`agents.roleNames.${stored}`, { defaultValue: stored });
    if (change.field === 'status') return t(`agents.statuses.${stored}`, { defaultValue: stored });
    if (change.field === 'monthlyCap' && stored.trim() !== '' && Number.isFinite(Number(stored)))
      return formatMoney(Number(stored), currency, language);
    return stored;
  };
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
        <AuditHistory
          history={history}
          page={page}
          onPageChange={setPage}
          words={{
            action: (action) => t(`agents.history.actions.${action}`, { defaultValue: action }),
            field: (field) => (FIELDS.includes(field) ? t(`agents.fields.${field}`) : field),
            value,
            empty: t('agents.history.none'),
            paginationKeys: 'agents.pagination',
            showSubject: true,
          }}
        />
      </Stack>
    </Paper>
  );
}
