import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { webhookRoutes, type WebhookEndpointBody, type WebhookEndpointUpdate } from '@portal/contract';
import { callRoute } from '@/lib/api-client';

const keys = {
  all: ['webhooks'] as const,
  deliveries: (id: string) => ['webhooks', 'deliveries', id] as const,
};

// GET /b2b/webhooks
export function useWebhooks() {
  return useQuery({ queryKey: keys.all, queryFn: ({ signal }) => callRoute(webhookRoutes.list, { signal }) });
}

// GET /b2b/webhooks/{id}/deliveries: the log, asked again every few seconds while it is open (tries run in the
// background)
export function useDeliveries(id: string, isOpen: boolean) {
  return useQuery({
    queryKey: keys.deliveries(id),
    queryFn: ({ signal }) => callRoute(webhookRoutes.deliveries, { params: { id }, signal }),
    enabled: isOpen,
    refetchInterval: isOpen ? 5000 : false,
  });
}

function useWebhookMutation<T>(fn: (input: T) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.all }),
  });
}

export const useCreateWebhook = () =>
  useWebhookMutation((body: WebhookEndpointBody) => callRoute(webhookRoutes.create, { body }));
export const useUpdateWebhook = () =>
  useWebhookMutation(({ id, body }: { id: string; body: WebhookEndpointUpdate }) =>
    callRoute(webhookRoutes.update, { params: { id }, body }),
  );
export const useRemoveWebhook = () =>
  useWebhookMutation((id: string) => callRoute(webhookRoutes.remove, { params: { id } }));
export const useSendTestEvent = () =>
  useWebhookMutation((id: string) => callRoute(webhookRoutes.test, { params: { id } }));
export const useRetryDelivery = () =>
  useWebhookMutation((id: string) => callRoute(webhookRoutes.retry, { params: { id } }));
