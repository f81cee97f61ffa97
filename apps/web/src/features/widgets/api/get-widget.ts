import { useQuery } from '@tanstack/react-query';
import { widgetRoutes } from '@portal/contract';
import { callRoute } from '@/lib/api-client';
import { widgetKeys } from './keys';

// GET /b2b/widgets/{id}: one widget with its offers and sale prices
export function useWidget(id: string) {
  return useQuery({
    queryKey: widgetKeys.detail(id),
    queryFn: ({ signal }) => callRoute(widgetRoutes.get, { params: { id }, signal }),
  });
}
