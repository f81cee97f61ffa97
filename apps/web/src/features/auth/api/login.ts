import { useMutation } from '@tanstack/react-query';
import { FIRST_PAGE_PATHS } from '@portal/contract/plain';
import type { LoginBody, LoginResponse } from '@portal/contract';
import { requestUnchecked } from '@/lib/api-client';
import { saveToken } from '@/lib/session';

export function useLogin() {
  return useMutation({
    mutationFn: (body: LoginBody) =>
      requestUnchecked<LoginResponse>(FIRST_PAGE_PATHS.login, { method: 'POST', body, auth: false }),
    onSuccess: ({ accessToken }) => {
      saveToken(accessToken);
    },
  });
}
