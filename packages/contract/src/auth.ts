import { z } from 'zod';
import { AgentRole, CurrencyCode, DateOnly, Language, OkResponse, Role } from './common.ts';
import { ANY_USER, PUBLIC, defineRoute } from './define-route.ts';
import { MESSAGES } from './errors.ts';
import { Email, NewPassword, PersonName, Phone, RequiredText } from './validation.ts';
import { firstPageRoute } from './paths.ts';
import { SiteKind } from './layout.ts';

export const JWT_AUDIENCE = 'b2b-portal';

// SPEC §3: session user claims carried by the access token
export const SessionClaims = z.object({
  sub: z.string(),
  email: z.string(),
  name: z.string(),
  phone: z.string(),
  role: Role,
  agencyId: z.string().nullable(),
  isWidgetsCreationAllowed: z.number(),
  isCreditCardTopupAllowed: z.number().optional(),
  // the reseller API (issue 30): the admins' "API & webhooks" page; absent in tokens issued before it
  isApiAllowed: z.number().optional(),
  // the kind of site the agency belongs to: what its prices add (the contract's pricing rule); absent for operators
  siteKind: SiteKind.optional(),
  exp: z.number(),
  aud: z.union([z.string(), z.array(z.string())]),
});
export type SessionClaims = z.infer<typeof SessionClaims>;

export const LoginBody = z.object({
  email: z.string({ error: MESSAGES.required }).trim().min(1, MESSAGES.required).max(254),
  password: z.string({ error: MESSAGES.required }).min(1, MESSAGES.required).max(200),
});
export type LoginBody = z.infer<typeof LoginBody>;
export const LoginResponse = z.object({ accessToken: z.string() });
export type LoginResponse = z.infer<typeof LoginResponse>;

// Multipart text fields of the sign-up form; files: tradeLicense (required), vatCertificate (optional)
export const SignupFields = z.object({
  companyName: RequiredText(200),
  tradeLicenseNumber: RequiredText(60),
  tradeLicenseExpiry: DateOnly,
  trnNumber: z
    .string()
    .trim()
    .max(30)
    .regex(/^[0-9]*$/, 'TRN must contain digits only')
    .optional()
    .default(''),
  address: RequiredText(300),
  country: RequiredText(80),
  city: RequiredText(80),
  name: PersonName,
  jobTitle: z.string().trim().max(100).optional().default(''),
  email: Email,
  phone: Phone,
  language: Language.optional(),
  acceptTerms: z.literal('true', { error: MESSAGES.termsRequired }),
});
export type SignupFields = z.infer<typeof SignupFields>;
export const SIGNUP_FILE_FIELDS = ['tradeLicense', 'vatCertificate'] as const;
export const SignupResponse = z.object({ ok: z.literal(true), email: z.string() });
export type SignupResponse = z.infer<typeof SignupResponse>;

export const ForgotPasswordBody = z.object({ email: Email });
export type ForgotPasswordBody = z.infer<typeof ForgotPasswordBody>;

// A new password typed twice (the reset link's form, the account's change form): the password rule, and the two match
const newPasswordTwice = { password: NewPassword, confirmPassword: z.string() };
function withMatchingPasswords<T extends z.ZodType<{ password: string; confirmPassword: string }>>(schema: T): T {
  return schema.refine((v) => v.password === v.confirmPassword, {
    message: MESSAGES.passwordsDoNotMatch,
    path: ['confirmPassword'],
  });
}

export const ResetPasswordBody = withMatchingPasswords(
  z.object({ token: z.string().min(1, MESSAGES.resetLinkInvalid).max(200), ...newPasswordTwice }),
);
export type ResetPasswordBody = z.infer<typeof ResetPasswordBody>;

export const ChangePasswordBody = withMatchingPasswords(
  z.object({ currentPassword: z.string().min(1, MESSAGES.required).max(200), ...newPasswordTwice }),
);
export type ChangePasswordBody = z.infer<typeof ChangePasswordBody>;
// Changing the password ends every other session; the caller gets a fresh token for this one.
export const ChangePasswordResponse = z.object({ ok: z.literal(true), accessToken: z.string() });
export type ChangePasswordResponse = z.infer<typeof ChangePasswordResponse>;

export const AccountProfile = z.object({
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  role: Role,
  jobTitle: z.string(),
  agency: z.object({ id: z.string(), name: z.string(), currency: CurrencyCode, status: z.string() }).nullable(),
});
export type AccountProfile = z.infer<typeof AccountProfile>;

export const authRoutes = {
  login: defineRoute({
    ...firstPageRoute('login'),
    summary: 'Log in; returns a signed access token',
    tags: ['account'],
    access: PUBLIC,
    body: LoginBody,
    response: LoginResponse,
  }),
  signup: defineRoute({
    method: 'POST',
    path: '/b2b/account/signup',
    summary: 'Register an agency (multipart: fields + tradeLicense, vatCertificate files)',
    tags: ['account'],
    access: PUBLIC,
    multipart: true,
    body: SignupFields,
    response: SignupResponse,
  }),
  forgotPassword: defineRoute({
    method: 'POST',
    path: '/b2b/account/forgotpassword',
    summary: 'E-mail a single-use password reset link',
    tags: ['account'],
    access: PUBLIC,
    body: ForgotPasswordBody,
    response: OkResponse,
  }),
  resetPassword: defineRoute({
    method: 'POST',
    path: '/b2b/account/resetpassword',
    summary: 'Set a new password with a reset token',
    tags: ['account'],
    access: PUBLIC,
    body: ResetPasswordBody,
    response: OkResponse,
  }),
  changePassword: defineRoute({
    method: 'POST',
    path: '/b2b/account/changepassword',
    summary: 'Change the password of the logged-in user',
    tags: ['account'],
    access: ANY_USER,
    body: ChangePasswordBody,
    response: ChangePasswordResponse,
  }),
  me: defineRoute({
    ...firstPageRoute('me'),
    summary: 'The logged-in user and their agency',
    tags: ['account'],
    access: ANY_USER,
    response: AccountProfile,
  }),
};

export { AgentRole };
