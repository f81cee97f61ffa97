import type { QueryClient } from '@tanstack/react-query';
import type { AgentListQuery } from '@portal/contract';

const root = ['agents'] as const;

// Query keys, one factory per resource
export const agentKeys = {
  all: root,
  lists: () => [...root, 'list'] as const,
  list: (query: AgentListQuery) => [...root, 'list', query] as const,
  history: (page: number, onPage: number) => [...root, 'history', page, onPage] as const,
};

// Any change shows in the list and in the history
export function refreshAgents(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: agentKeys.all });
}
