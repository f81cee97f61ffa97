import { useMutation } from '@tanstack/react-query';
import type { LoginBody } from '@portal/contract';
import { callFirstPage } from '@/lib/api-client';
import { saveToken } from '@/lib/session';

export function useLogin() {
  return useMutation({
    mutationFn: (body: LoginBody) => callFirstPage('login', { body }),
    onSuccess: ({ accessToken }) => {
      saveToken(accessToken);
    },
  });
}
