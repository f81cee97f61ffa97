import { agentRoutes } from '@portal/contract';
import type { CreateAgentBody } from '@portal/contract';
import { useRefreshingMutation } from '@/lib/use-refreshing-mutation';
import { callRoute } from '@/lib/api-client';
import { refreshAgents } from './keys';

// POST /b2b/agents: a new agent, invited by e-mail to set their password
export function useCreateAgent() {
  return useRefreshingMutation(refreshAgents, (body: CreateAgentBody) => callRoute(agentRoutes.create, { body }));
}
