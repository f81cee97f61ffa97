import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { agentRoutes } from '@portal/contract';
import { callRoute } from '@/lib/api-client';
import { agentKeys } from './keys';

// GET /b2b/agents/history (admins): who created, changed, deleted or restored the agents, newest first
export function useAgentsHistory(page: number, onPage: number) {
  return useQuery({
    queryKey: agentKeys.history(page, onPage),
    queryFn: ({ signal }) => callRoute(agentRoutes.history, { query: { page, onPage }, signal }),
    placeholderData: keepPreviousData,
  });
}
