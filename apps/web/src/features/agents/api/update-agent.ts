import { agentRoutes } from '@portal/contract';
import type { UpdateAgentBody } from '@portal/contract';
import { useRefreshingMutation } from '@/lib/use-refreshing-mutation';
import { callRoute } from '@/lib/api-client';
import { refreshAgents } from './keys';

// PUT /b2b/agents/{id}: an agent's details, role and monthly cap
export function useUpdateAgent() {
  return useRefreshingMutation(refreshAgents, ({ id, body }: { id: string; body: UpdateAgentBody }) =>
    callRoute(agentRoutes.update, { params: { id }, body }),
  );
}
