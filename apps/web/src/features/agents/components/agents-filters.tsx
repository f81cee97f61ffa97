import { Paper, Select, SimpleGrid } from '@mantine/core';
import { AGENT_STATUS_FILTERS } from '@portal/contract';
import type { AgentListFilters } from '@portal/contract';
import { useTranslation } from '@/lib/i18n';
import { ListSearchInput } from '@/components/list-search-input';
import type { AgentFilterPatch } from '../hooks/use-agent-filters';

// Search over name, e-mail and phone, and the status (SPEC §4 names); both kept in the URL
export function AgentsFilters({
  filters,
  onChange,
}: {
  filters: AgentListFilters;
  onChange: (patch: AgentFilterPatch) => void;
}) {
  const { t } = useTranslation();
  const statuses = AGENT_STATUS_FILTERS.map((status) => ({ value: status, label: t(`agents.filters.${status}`) }));

  return (
    <Paper withBorder p="md" component="section" aria-label={t('agents.filters.title')} data-testid="agent-filters">
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <ListSearchInput
          label={t('agents.filters.search')}
          placeholder={t('agents.filters.searchPlaceholder')}
          value={filters.search || undefined}
          onSearch={(search) => onChange({ search: search ?? null })}
          delayMs={400}
        />
        <Select
          label={t('agents.filters.status')}
          data={statuses}
          value={filters.status}
          allowDeselect={false}
          onChange={(value) => onChange({ status: value })}
        />
      </SimpleGrid>
    </Paper>
  );
}
