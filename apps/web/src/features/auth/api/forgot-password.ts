import { useMutation } from '@tanstack/react-query';
import { authRoutes } from '@portal/contract';
import type { ForgotPasswordBody } from '@portal/contract';
import { callRoute } from '@/lib/api-client';

export function useForgotPassword() {
  return useMutation({
    mutationFn: (body: ForgotPasswordBody) => callRoute(authRoutes.forgotPassword, { body }),
  });
}
