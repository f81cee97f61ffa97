import { agentRoutes } from '@portal/contract';
import { useRefreshingMutation } from '@/lib/use-refreshing-mutation';
import { callRoute } from '@/lib/api-client';
import { refreshAgents } from './keys';

// DELETE /b2b/agents/{id}: soft delete (their sessions end at once)
export function useDeleteAgent() {
  return useRefreshingMutation(refreshAgents, (id: string) => callRoute(agentRoutes.remove, { params: { id } }));
}
