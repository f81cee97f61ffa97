import { useQuery } from '@tanstack/react-query';
import { bookingRoutes } from '@portal/contract';
import { callRoute } from '@/lib/api-client';
import { useLocale } from '@/lib/locale';
import { bookingKeys } from './keys';

// Filter options: statuses, tours and agents (agents empty for juniors)
export function useBookingOptions() {
  const { language } = useLocale();
  return useQuery({
    queryKey: bookingKeys.options(language),
    queryFn: ({ signal }) => callRoute(bookingRoutes.options, { query: { language }, signal }),
  });
}
