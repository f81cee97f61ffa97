import { useMutation, useQueryClient } from '@tanstack/react-query';
import { widgetRoutes } from '@portal/contract';
import { callRoute } from '@/lib/api-client';
import { refreshWidgets } from './keys';

// POST /b2b/widgets/{id}/duplicate: a copy with a new address and no domain
export function useDuplicateWidget() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callRoute(widgetRoutes.duplicate, { params: { id } }),
    onSuccess: () => refreshWidgets(queryClient),
  });
}
