import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { widgetDomainRoutes } from '@portal/contract';
import { callRoute } from '@/lib/api-client';
import { refreshWidgets, widgetKeys } from './keys';

// GET /b2b/widgets/{id}/domain: the DNS records to add, the status and the last check's reason
export function useWidgetDomain(id: string, enabled: boolean) {
  return useQuery({
    queryKey: widgetKeys.domain(id),
    queryFn: ({ signal }) => callRoute(widgetDomainRoutes.get, { params: { id }, signal }),
    enabled,
  });
}

// POST /b2b/widgets/{id}/domain/verify: checked now; the list and the widget show the new status too
export function useVerifyWidgetDomain(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callRoute(widgetDomainRoutes.verify, { params: { id } }),
    onSuccess: (view) => {
      queryClient.setQueryData(widgetKeys.domain(id), view);
      refreshWidgets(queryClient);
    },
  });
}
