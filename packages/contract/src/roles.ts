import type { AgentRole, Role } from './common.ts';

// SPEC §6 as data, the one source of truth for who may do what in an agency: the server enforces it (route access
// and the rules below), the web app's menus follow it and the agents page renders it as the user-roles table.
// Junior: own bookings, b2b rates, new bookings. Senior: also all of the agency's bookings. Admin: also the company's
// details, its users, its balances and widgets.
export const CAPABILITIES = [
  'viewOwnBookings',
  'viewB2bRates',
  'makeBookings',
  'viewAllBookings',
  'viewCompanyDetails',
  'editCompanyDetails',
  'manageUsers',
  'viewBalances',
  'manageWidgets',
] as const;
export type Capability = (typeof CAPABILITIES)[number];

export const AGENT_ROLES: readonly AgentRole[] = ['junior', 'senior', 'admin'];

export const ROLE_CAPABILITIES: Readonly<Record<AgentRole, readonly Capability[]>> = {
  junior: ['viewOwnBookings', 'viewB2bRates', 'makeBookings', 'viewCompanyDetails'],
  senior: ['viewOwnBookings', 'viewB2bRates', 'makeBookings', 'viewCompanyDetails', 'viewAllBookings'],
  admin: [...CAPABILITIES],
};

// The tours company's operator is no agency user: they hold none of an agency's capabilities, but they see every
// agency's balances (the back office).
export function can(role: Role | null | undefined, capability: Capability): boolean {
  if (!role) return false;
  if (role === 'operator') return capability === 'viewBalances';
  return ROLE_CAPABILITIES[role].includes(capability);
}

// The agency roles holding a capability, in the matrix's order (route access is built from this)
export function rolesWith(capability: Capability): AgentRole[] {
  return AGENT_ROLES.filter((role) => ROLE_CAPABILITIES[role].includes(capability));
}
