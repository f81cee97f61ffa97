import { useMutation, useQueryClient } from '@tanstack/react-query';
import { agentRoutes } from '@portal/contract';
import { callRoute } from '@/lib/api-client';
import { refreshAgents } from './keys';

// POST /b2b/agents/{id}/restore: a deleted agent back
export function useRestoreAgent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callRoute(agentRoutes.restore, { params: { id } }),
    onSuccess: () => refreshAgents(queryClient),
  });
}
