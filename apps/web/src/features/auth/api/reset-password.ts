import { useMutation } from '@tanstack/react-query';
import { authRoutes } from '@portal/contract';
import type { ResetPasswordBody } from '@portal/contract';
import { callRoute } from '@/lib/api-client';

export function useResetPassword() {
  return useMutation({
    mutationFn: (body: ResetPasswordBody) => callRoute(authRoutes.resetPassword, { body }),
  });
}
