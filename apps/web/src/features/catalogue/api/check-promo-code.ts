import { useMutation } from '@tanstack/react-query';
import { callFirstPage } from '@/lib/api-client';
import { promoCodeKeys } from './keys';

// A wrong code is a 422 'You entered the wrong promo code' (SPEC §8)
export function checkPromoCode(code: string) {
  return callFirstPage('promoCode', { params: { code } });
}

export function useCheckPromoCode() {
  return useMutation({ mutationKey: promoCodeKeys.all, mutationFn: checkPromoCode });
}
