import { useMutation, useQueryClient } from '@tanstack/react-query';
import { widgetRoutes } from '@portal/contract';
import type { WidgetBody } from '@portal/contract';
import { callRoute } from '@/lib/api-client';
import { refreshWidgets, widgetKeys } from './keys';

// POST /b2b/widgets (id null) or PUT /b2b/widgets/{id}: the whole editor in one save
export function useSaveWidget(id: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: WidgetBody) =>
      id === null ? callRoute(widgetRoutes.create, { body }) : callRoute(widgetRoutes.update, { params: { id }, body }),
    onSuccess: (widget) => {
      queryClient.setQueryData(widgetKeys.detail(widget.id), widget);
      refreshWidgets(queryClient);
    },
  });
}
