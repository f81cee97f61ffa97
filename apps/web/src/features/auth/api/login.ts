import { useMutation } from '@tanstack/react-query';
import { authRoutes } from '@portal/contract';
import type { LoginBody } from '@portal/contract';
import { callRoute } from '@/lib/api-client';
import { saveToken } from '@/lib/session';

export function useLogin() {
  return useMutation({
    mutationFn: (body: LoginBody) => callRoute(authRoutes.login, { body }),
    onSuccess: ({ accessToken }) => {
      saveToken(accessToken);
    },
  });
}
