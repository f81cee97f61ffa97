import { useMutation, useQueryClient } from '@tanstack/react-query';
import { widgetRoutes } from '@portal/contract';
import { callRoute } from '@/lib/api-client';
import { refreshWidgets } from './keys';

// DELETE /b2b/widgets/{id}
export function useDeleteWidget() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callRoute(widgetRoutes.remove, { params: { id } }),
    onSuccess: () => refreshWidgets(queryClient),
  });
}
