import { Table, Text } from '@mantine/core';
import type { Agent } from '@portal/contract';
import { useTranslation } from 'react-i18next';
import { AgentActions } from './agent-actions';
import { AgentSpend, AgentStatus } from './agent-status';

type AgentsListProps = { agents: readonly Agent[]; onEdit: (agent: Agent) => void };

const WRAP = { overflowWrap: 'anywhere' } as const;

// The list on a wide screen (768 px and up; below about 940 px it scrolls inside its frame, like the other lists)
export function AgentsTable({ agents, onEdit }: AgentsListProps) {
  const { t } = useTranslation();
  return (
    <Table.ScrollContainer minWidth={900} type="native">
      <Table verticalSpacing="sm" horizontalSpacing="xs" highlightOnHover fz="sm" data-testid="agents-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('agents.columns.name')}</Table.Th>
            <Table.Th>{t('agents.columns.email')}</Table.Th>
            <Table.Th>{t('agents.columns.phone')}</Table.Th>
            <Table.Th>{t('agents.columns.role')}</Table.Th>
            <Table.Th>{t('agents.columns.jobTitle')}</Table.Th>
            <Table.Th>{t('agents.columns.status')}</Table.Th>
            <Table.Th>{t('agents.columns.spend')}</Table.Th>
            <Table.Th ta="right">{t('agents.columns.actions')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
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
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
