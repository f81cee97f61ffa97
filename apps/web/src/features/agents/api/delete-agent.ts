import { useMutation, useQueryClient } from '@tanstack/react-query';
import { agentRoutes } from '@portal/contract';
import { callRoute } from '@/lib/api-client';
import { refreshAgents } from './keys';

// DELETE /b2b/agents/{id}: soft delete (their sessions end at once)
export function useDeleteAgent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callRoute(agentRoutes.remove, { params: { id } }),
    onSuccess: () => refreshAgents(queryClient),
  });
}
