import type { QueryClient } from '@tanstack/react-query';
import type { CurrencyCode, Language } from '@portal/contract';

const root = ['widgets'] as const;

// Query keys, one factory per resource
export const widgetKeys = {
  all: root,
  list: () => [...root, 'list'] as const,
  detail: (id: string) => [...root, 'detail', id] as const,
  domain: (id: string) => [...root, 'domain', id] as const,
  offerPrices: (currency: CurrencyCode, language: Language) => [...root, 'offer-prices', currency, language] as const,
};

export function refreshWidgets(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: widgetKeys.all });
}
