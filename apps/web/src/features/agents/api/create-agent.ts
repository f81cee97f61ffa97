import { useMutation, useQueryClient } from '@tanstack/react-query';
import { agentRoutes } from '@portal/contract';
import type { CreateAgentBody } from '@portal/contract';
import { callRoute } from '@/lib/api-client';
import { refreshAgents } from './keys';

// POST /b2b/agents: a new agent, invited by e-mail to set their password
export function useCreateAgent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateAgentBody) => callRoute(agentRoutes.create, { body }),
    onSuccess: () => refreshAgents(queryClient),
  });
}
