import { useMutation, useQueryClient } from '@tanstack/react-query';
import { agentRoutes } from '@portal/contract';
import { callRoute } from '@/lib/api-client';
import { refreshAgents } from './keys';

// POST /b2b/agents/{id}/invite: a fresh invitation link (the older one stops working)
export function useInviteAgent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callRoute(agentRoutes.invite, { params: { id } }),
    onSuccess: () => refreshAgents(queryClient),
  });
}
