import { useQuery } from '@tanstack/react-query';
import { widgetRoutes } from '@portal/contract';
import { callRoute } from '@/lib/api-client';
import { widgetKeys } from './keys';

// GET /b2b/widgets: the agency's widgets
export function useWidgets() {
  return useQuery({
    queryKey: widgetKeys.list(),
    queryFn: ({ signal }) => callRoute(widgetRoutes.list, { signal }),
  });
}
