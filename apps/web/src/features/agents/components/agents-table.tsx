import { Table, Text } from '@mantine/core';
import type { Agent } from '@portal/contract';
import { useTranslation } from '@/lib/i18n';
import { AgentActions } from './agent-actions';
import { AgentSpend, AgentStatus } from './agent-status';
import { ScrollTable } from '@/components/scroll-table';

type AgentsListProps = { agents: readonly Agent[]; onEdit: (agent: Agent) => void };

const WRAP = { overflowWrap: 'anywhere' } as const;

// The list on a wide screen (768 px and up; below about 940 px it scrolls inside its frame, like the other lists)
export function AgentsTable({ agents, onEdit }: AgentsListProps) {
  const { t } = useTranslation();
  return (
    <ScrollTable
      minWidth={900}
      verticalSpacing="sm"
      horizontalSpacing="xs"
      highlightOnHover
      testId="agents-table"
      textKeys="agents.columns"
      cells={['name', 'email', 'phone', 'role', 'jobTitle', 'status', 'spend', { key: 'actions', align: 'right' }]}
    >
      {agents.map((agent) => (
        <Table.Tr key={agent.id} data-testid="agent-row" data-status={agent.status} data-email={agent.email}>
          <Table.Td style={WRAP}>
            <Text inherit fw={600}>
              {agent.name}
            </Text>
            {agent.isSelf && (
              <Text size="xs" c="dimmed">
                ({t('agents.you')})
              </Text>
            )}
          </Table.Td>
          <Table.Td style={WRAP}>{agent.email}</Table.Td>
          <Table.Td style={{ whiteSpace: 'nowrap' }}>{agent.phone}</Table.Td>
          <Table.Td>{t(`agents.roleNames.${agent.role}`)}</Table.Td>
          <Table.Td style={WRAP}>{agent.jobTitle || '—'}</Table.Td>
          <Table.Td>
            <AgentStatus agent={agent} />
          </Table.Td>
          <Table.Td>
            <AgentSpend agent={agent} />
          </Table.Td>
          <Table.Td>
            <AgentActions agent={agent} onEdit={onEdit} isCompact />
          </Table.Td>
        </Table.Tr>
      ))}
    </ScrollTable>
  );
}
