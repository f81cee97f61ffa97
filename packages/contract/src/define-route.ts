import type { z } from 'zod';
import type { Role } from './common.ts';
import { can, rolesWith, type Capability } from './roles.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

// Who may call a route. 'public': anyone; 'agent': any logged-in agency user (optionally narrowed by roles);
// 'operator': the tours company's staff only.
export type RouteAccess = { kind: 'public' } | { kind: 'user'; roles: readonly Role[] };

export type RouteDescriptor<
  TBody extends z.ZodType | undefined = z.ZodType | undefined,
  TQuery extends z.ZodType | undefined = z.ZodType | undefined,
  TParams extends z.ZodType | undefined = z.ZodType | undefined,
  TResponse extends z.ZodType | undefined = z.ZodType | undefined,
> = {
  method: HttpMethod;
  path: string;
  summary: string;
  tags: readonly string[];
  access: RouteAccess;
  body?: TBody;
  query?: TQuery;
  params?: TParams;
  response?: TResponse;
  multipart?: boolean;
};

export function defineRoute<
  TBody extends z.ZodType | undefined = undefined,
  TQuery extends z.ZodType | undefined = undefined,
  TParams extends z.ZodType | undefined = undefined,
  TResponse extends z.ZodType | undefined = undefined,
>(route: RouteDescriptor<TBody, TQuery, TParams, TResponse>) {
  return route;
}

export const PUBLIC: RouteAccess = { kind: 'public' };
export const ANY_AGENT: RouteAccess = { kind: 'user', roles: ['admin', 'senior', 'junior'] };
export const ANY_USER: RouteAccess = { kind: 'user', roles: ['admin', 'senior', 'junior', 'operator'] };
export const ADMIN_ONLY: RouteAccess = { kind: 'user', roles: ['admin'] };

// A route for the agency roles holding a capability of the role matrix (roles.ts), e.g. 'manageUsers' → admins
export function accessFor(capability: Capability): RouteAccess {
  return { kind: 'user', roles: rolesWith(capability) };
}

// SPEC §6: account balances are an admin's (and the tours company's); juniors and seniors see whether the balance
// covers their booking, never the figures. The server hides them and the web app follows the same rule.
export function canViewBalances(role: Role | null | undefined): boolean {
  return can(role, 'viewBalances');
}
export const OPERATOR_ONLY: RouteAccess = { kind: 'user', roles: ['operator'] };

// Fills `{name}` placeholders of a route path, e.g. '/b2b/tours/{id}'.
export function buildPath(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/\{(\w+)\}/g, (_, key: string) => encodeURIComponent(String(params[key] ?? '')));
}
