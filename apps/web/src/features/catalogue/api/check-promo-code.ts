import { useMutation } from '@tanstack/react-query';
import { catalogueRoutes } from '@portal/contract';
import { callRoute } from '@/lib/api-client';
import { promoCodeKeys } from './keys';

// A wrong code is a 422 'You entered the wrong promo code' (SPEC §8)
export function checkPromoCode(code: string) {
  return callRoute(catalogueRoutes.promoCode, { params: { code } });
}

export function useCheckPromoCode() {
  return useMutation({ mutationKey: promoCodeKeys.all, mutationFn: checkPromoCode });
}
