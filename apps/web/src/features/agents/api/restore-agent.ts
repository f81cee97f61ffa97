import { agentRoutes } from '@portal/contract';
import { useRefreshingMutation } from '@/lib/use-refreshing-mutation';
import { callRoute } from '@/lib/api-client';
import { refreshAgents } from './keys';

// POST /b2b/agents/{id}/restore: a deleted agent back
export function useRestoreAgent() {
  return useRefreshingMutation(refreshAgents, (id: string) => callRoute(agentRoutes.restore, { params: { id } }));
}
