import { widgetRoutes } from '@portal/contract';
import { useRefreshingMutation } from '@/lib/use-refreshing-mutation';
import { callRoute } from '@/lib/api-client';
import { refreshWidgets } from './keys';

// DELETE /b2b/widgets/{id}
export function useDeleteWidget() {
  return useRefreshingMutation(refreshWidgets, (id: string) => callRoute(widgetRoutes.remove, { params: { id } }));
}
