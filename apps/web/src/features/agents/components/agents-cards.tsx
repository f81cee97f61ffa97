import { Card, SimpleGrid, Stack, Text } from '@mantine/core';
import type { Agent } from '@portal/contract';
import { useTranslation } from '@/lib/i18n';
import { AgentActions } from './agent-actions';
import { AgentSpend, AgentStatus } from './agent-status';
import { LabelledValue } from '@/components/labelled-value';

// The list on a phone: one card per agent
export function AgentsCards({ agents, onEdit }: { agents: readonly Agent[]; onEdit: (agent: Agent) => void }) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm" data-testid="agents-cards">
      {agents.map((agent) => (
        <Card key={agent.id} withBorder padding="md" radius="md" data-testid="agent-row" data-status={agent.status}>
          <Stack gap="xs">
            <div style={{ minWidth: 0 }}>
              <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
                {agent.name}
                {agent.isSelf && (
                  <Text span size="xs" c="dimmed">
                    {' '}
                    ({t('agents.you')})
                  </Text>
                )}
              </Text>
              <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {agent.email}
              </Text>
            </div>
            <AgentStatus agent={agent} />
            <SimpleGrid cols={2} spacing="xs" verticalSpacing={6}>
              <LabelledValue label={t('agents.columns.phone')}>{agent.phone}</LabelledValue>
              <LabelledValue label={t('agents.columns.role')}>{t(`agents.roleNames.${agent.role}`)}</LabelledValue>
              <LabelledValue label={t('agents.fields.jobTitle')}>{agent.jobTitle || '—'}</LabelledValue>
              <LabelledValue label={t('agents.columns.spend')}>
                <AgentSpend agent={agent} />
              </LabelledValue>
            </SimpleGrid>
            <AgentActions agent={agent} onEdit={onEdit} />
          </Stack>
        </Card>
      ))}
    </Stack>
  );
}
