import { useQuery } from '@tanstack/react-query';
import { callFirstPage } from '@/lib/api-client';
import { checkoutKeys } from './keys';

// The promo code chosen on the tour page, checked again for its discount percent
export function usePromoCode(code: string) {
  return useQuery({
    queryKey: checkoutKeys.promo(code),
    queryFn: ({ signal }) => callFirstPage('promoCode', { params: { code }, signal }),
    enabled: code !== '',
    retry: false,
  });
}
