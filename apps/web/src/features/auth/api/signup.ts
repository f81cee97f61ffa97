import { useMutation } from '@tanstack/react-query';
import { authRoutes } from '@portal/contract';
import { callRoute } from '@/lib/api-client';

// Multipart: the SignupFields text fields plus the tradeLicense and vatCertificate files.
export function useSignup() {
  return useMutation({
    mutationFn: (body: FormData) => callRoute(authRoutes.signup, { body }),
  });
}
