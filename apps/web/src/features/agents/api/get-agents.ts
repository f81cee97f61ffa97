import { agentRoutes } from '@portal/contract';
import type { AgentListQuery } from '@portal/contract';
import { useListQuery } from '@/lib/use-list-query';
import { agentKeys } from './keys';

// GET /b2b/agents (admins): the agency's users with search, status filter and pages
export function useAgents(query: AgentListQuery) {
  return useListQuery(agentKeys.list(query), agentRoutes.list, { query });
}
