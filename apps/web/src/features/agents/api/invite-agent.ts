import { agentRoutes } from '@portal/contract';
import { useRefreshingMutation } from '@/lib/use-refreshing-mutation';
import { callRoute } from '@/lib/api-client';
import { refreshAgents } from './keys';

// POST /b2b/agents/{id}/invite: a fresh invitation link (the older one stops working)
export function useInviteAgent() {
  return useRefreshingMutation(refreshAgents, (id: string) => callRoute(agentRoutes.invite, { params: { id } }));
}
