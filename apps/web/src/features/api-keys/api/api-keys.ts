import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiKeyRoutes, type CreateApiKeyBody } from '@portal/contract';
import { callRoute } from '@/lib/api-client';

const keys = { all: ['api-keys'] as const };

// GET /b2b/api-keys: the agency's keys and its OCTO base address
export function useApiKeys() {
  return useQuery({ queryKey: keys.all, queryFn: ({ signal }) => callRoute(apiKeyRoutes.list, { signal }) });
}

// POST /b2b/api-keys: the answer is the only time the secret is sent
export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateApiKeyBody) => callRoute(apiKeyRoutes.create, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.all }),
  });
}

// DELETE /b2b/api-keys/{id}
export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callRoute(apiKeyRoutes.revoke, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.all }),
  });
}

// POST /b2b/api-keys/test-balance: the test keys' balance set to 10,000.00 (no real money)
export function useRefillTestBalance() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callRoute(apiKeyRoutes.refillTestBalance, {}),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.all }),
  });
}
