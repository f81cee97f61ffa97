import { agentRoutes } from '@portal/contract';
import { useListQuery } from '@/lib/use-list-query';
import { agentKeys } from './keys';

// GET /b2b/agents/history (admins): who created, changed, deleted or restored the agents, newest first
export function useAgentsHistory(page: number, onPage: number) {
  return useListQuery(agentKeys.history(page, onPage), agentRoutes.history, { query: { page, onPage } });
}
