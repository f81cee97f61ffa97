import { useMutation, useQueryClient } from '@tanstack/react-query';
import { agentRoutes } from '@portal/contract';
import type { UpdateAgentBody } from '@portal/contract';
import { callRoute } from '@/lib/api-client';
import { refreshAgents } from './keys';

// PUT /b2b/agents/{id}: an agent's details, role and monthly cap
export function useUpdateAgent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateAgentBody }) =>
      callRoute(agentRoutes.update, { params: { id }, body }),
    onSuccess: () => refreshAgents(queryClient),
  });
}
