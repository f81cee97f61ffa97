import { useQuery } from '@tanstack/react-query';
import { callFirstPage } from '@/lib/api-client';
import { useLocale } from '@/lib/locale';
import { checkoutKeys } from './keys';

// The tour of the selection, for its offer (pick-up cities, policy, rules) and its title
export function useCheckoutTour(id: string) {
  const { language, currency } = useLocale();
  return useQuery({
    queryKey: checkoutKeys.tour(id, language, currency),
    queryFn: ({ signal }) =>
      callFirstPage('tour', { params: { id }, query: { language, currencyCode: currency }, signal }),
    placeholderData: (previous) => (previous && String(previous.id) === id ? previous : undefined),
    enabled: id !== '',
  });
}
