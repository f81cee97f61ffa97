import { useState } from 'react';
import { Paper, Select, SimpleGrid, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { AGENT_STATUS_FILTERS } from '@portal/contract';
import type { AgentListFilters } from '@portal/contract';
import { useTranslation } from 'react-i18next';
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
  const [search, setSearch] = useState(filters.search);
  const [searchFor, setSearchFor] = useState(filters.search);
  // the URL changed elsewhere (back button): show its search text
  if (filters.search !== searchFor) {
    setSearchFor(filters.search);
    setSearch(filters.search);
  }
  const applySearch = useDebouncedCallback((value: string) => onChange({ search: value.trim() || null }), 400);
  const statuses = AGENT_STATUS_FILTERS.map((status) => ({ value: status, label: t(`agents.filters.${status}`) }));

  return (
    <Paper withBorder p="md" component="section" aria-label={t('agents.filters.title')} data-testid="agent-filters">
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <TextInput
          label={t('agents.filters.search')}
          placeholder={t('agents.filters.searchPlaceholder')}
          leftSection={<IconSearch size={16} />}
          value={search}
          maxLength={100}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            applySearch(event.currentTarget.value);
          }}
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
