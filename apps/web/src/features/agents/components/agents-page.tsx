import { useState } from 'react';
import { Button, Center, Collapse, Group, Paper, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconChevronDown, IconChevronRight, IconUserPlus } from '@tabler/icons-react';
import type { Agent } from '@portal/contract';
import { useTranslation } from '@/lib/i18n';
import { ListPagination } from '@/components/list-pagination';
import { AgentPage } from '@/components/agent-page';
import { QueryContent } from '@/components/query-content';
import { RequiresCapability } from '@/components/requires-capability';
import { useDocumentPageTitle } from '@/components/page-title';
import { useAgencyCurrency } from '@/lib/me';
import { useAgents } from '../api/get-agents';
import { AGENTS_ON_PAGE, useAgentFilters } from '../hooks/use-agent-filters';
import { AgentFormModal } from './agent-form-modal';
import { AgentsCards } from './agents-cards';
import { AgentsFilters } from './agents-filters';
import { AgentsHistory } from './agents-history';
import { AgentsTable } from './agents-table';
import { RolesTable } from './roles-table';
import { useIsPhone } from '@/lib/use-is-phone';

// The form is open for a new agent (null) or one being edited; closed: undefined
type Editing = Agent | null | undefined;

// SPEC §2 /agents (admins): the agency's users with create, edit, delete, restore and re-invite, the user-roles
// table and the history of changes. Search, status and page in the URL.
export function AgentsPage() {
  const { t } = useTranslation();
  useDocumentPageTitle(t('agents.title'));
  return (
    <RequiresCapability capability="manageUsers" testId="agents-forbidden">
      <AgentsAdminPage />
    </RequiresCapability>
  );
}

function RolesCard({ isCompact }: { isCompact: boolean }) {
  const { t } = useTranslation();
  const [isOpen, { toggle }] = useDisclosure(true);
  return (
    <Paper withBorder p={isCompact ? 'sm' : 'md'} component="section" data-testid="roles-card">
      <UnstyledButton onClick={toggle} aria-expanded={isOpen} aria-controls="roles-card-body" w="100%">
        <Group gap="xs" wrap="nowrap">
          {isOpen ? <IconChevronDown size={18} /> : <IconChevronRight size={18} />}
          <Title order={2} size="h4">
            {t('agents.roles.title')}
          </Title>
        </Group>
      </UnstyledButton>
      <Collapse expanded={isOpen} id="roles-card-body">
        <Stack gap="xs" mt="sm">
          <Text size="sm" c="dimmed">
            {t('agents.roles.subtitle')}
          </Text>
          <RolesTable compact={isCompact} />
        </Stack>
      </Collapse>
    </Paper>
  );
}

function AgentsAdminPage() {
  const { t } = useTranslation();
  const isPhone = useIsPhone();
  const [filters, update] = useAgentFilters();
  const list = useAgents(filters);
  const { currency } = useAgencyCurrency();
  const [editing, setEditing] = useState<Editing>(undefined);
  const isFiltered = filters.search !== '' || filters.status !== 'all';

  return (
    <AgentPage
      textKeys="agents"
      action={
        <Button leftSection={<IconUserPlus size={18} />} onClick={() => setEditing(null)} data-testid="agent-new">
          {t('agents.new')}
        </Button>
      }
    >
      <AgentsFilters filters={filters} onChange={update} />

      <QueryContent query={list}>
        {(data) =>
          data.items.length === 0 ? (
            <Paper withBorder p="xl">
              <Stack align="center" gap="sm" data-testid="agents-empty">
                <Text c="dimmed" ta="center">
                  {data.total > 0 ? t('agents.pageEmpty') : isFiltered ? t('agents.emptyFiltered') : t('agents.empty')}
                </Text>
                {data.total > 0 && (
                  <Button variant="light" onClick={() => update({ page: null })}>
                    {t('agents.firstPage')}
                  </Button>
                )}
              </Stack>
            </Paper>
          ) : (
            <Stack gap="sm" style={{ opacity: list.isPlaceholderData ? 0.6 : 1 }}>
              <Text size="sm" fw={600} data-testid="agents-total">
                {t('agents.total', { count: data.total })}
              </Text>
              {isPhone ? (
                <AgentsCards agents={data.items} onEdit={setEditing} />
              ) : (
                <Paper withBorder p="xs">
                  <AgentsTable agents={data.items} onEdit={setEditing} />
                </Paper>
              )}
              <Center>
                <ListPagination
                  total={data.total}
                  onPage={data.onPage || AGENTS_ON_PAGE}
                  page={filters.page}
                  onChange={(page) => update({ page: page > 1 ? String(page) : null })}
                  isCompact={isPhone}
                  textKeys="agents.pagination"
                />
              </Center>
            </Stack>
          )
        }
      </QueryContent>

      <RolesCard isCompact={isPhone} />
      <AgentsHistory />
      <AgentFormModal
        agent={editing ?? null}
        isOpen={editing !== undefined}
        onClose={() => setEditing(undefined)}
        currency={currency}
      />
    </AgentPage>
  );
}
