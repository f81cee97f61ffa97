import { widgetRoutes } from '@portal/contract';
import { useRefreshingMutation } from '@/lib/use-refreshing-mutation';
import { callRoute } from '@/lib/api-client';
import { refreshWidgets } from './keys';

// POST /b2b/widgets/{id}/duplicate: a copy with a new address and no domain
export function useDuplicateWidget() {
  return useRefreshingMutation(refreshWidgets, (id: string) => callRoute(widgetRoutes.duplicate, { params: { id } }));
}
