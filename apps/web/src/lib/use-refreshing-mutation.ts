import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';

// A change saved through the API, after which the queries it touches are read again (`refresh`: the feature's own)
export function useRefreshingMutation<TInput, TOutput>(
  refresh: (queryClient: QueryClient) => void,
  mutationFn: (input: TInput) => Promise<TOutput>,
) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => refresh(queryClient) });
}
