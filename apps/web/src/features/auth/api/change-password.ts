import { useMutation } from '@tanstack/react-query';
import { authRoutes } from '@portal/contract';
import type { ChangePasswordBody } from '@portal/contract';
import { callRoute } from '@/lib/api-client';
import { saveToken } from '@/lib/session';

export function useChangePassword() {
  return useMutation({
    mutationFn: (body: ChangePasswordBody) => callRoute(authRoutes.changePassword, { body }),
    // The server ends every other session and hands this one a fresh token.
    onSuccess: ({ accessToken }) => {
      saveToken(accessToken);
    },
  });
}
