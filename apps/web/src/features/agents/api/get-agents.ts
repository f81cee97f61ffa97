import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { agentRoutes } from '@portal/contract';
import type { AgentListQuery } from '@portal/contract';
import { callRoute } from '@/lib/api-client';
import { agentKeys } from './keys';

// GET /b2b/agents (admins): the agency's users with search, status filter and pages
export function useAgents(query: AgentListQuery) {
  return useQuery({
    queryKey: agentKeys.list(query),
    queryFn: ({ signal }) => callRoute(agentRoutes.list, { query, signal }),
    placeholderData: keepPreviousData,
  });
}
