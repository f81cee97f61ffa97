import type { Icon } from '@tabler/icons-react';
import {
  IconApps,
  IconPlugConnected,
  IconBuilding,
  IconCoins,
  IconCreditCard,
  IconListDetails,
  IconPercentage,
  IconPlus,
  IconReceipt,
  IconTicket,
  IconUser,
  IconUsers,
} from '@tabler/icons-react';
import { useLocation } from 'react-router';
import { can, type Capability } from '@portal/contract/plain';
import { paths } from '@/config/paths';
import type { SessionUser } from '@/lib/session';

export type NavItemKey =
  | 'account'
  | 'commissions'
  | 'allBookings'
  | 'requests'
  | 'newBooking'
  | 'statement'
  | 'transactions'
  | 'topUp'
  | 'companySettings'
  | 'widgets'
  | 'api'
  | 'agents';

export type NavItem = {
  key: NavItemKey;
  href: string;
  icon: Icon;
  isActive: (pathname: string, search: string) => boolean;
};

const onPath = (path: string) => (pathname: string) => pathname === path;
const underPath = (path: string) => (pathname: string) => pathname === path || pathname.startsWith(`${path}/`);
// "Statement" is the balance page on any tab but the one "Transactions" opens
const balanceTab = (isTransactions: boolean) => (pathname: string, search: string) =>
  pathname === paths.balance.path && (new URLSearchParams(search).get('tab') === 'transactions') === isTransactions;

// SPEC §2 order of the header menu
const ALL_ITEMS: readonly NavItem[] = [
  { key: 'account', href: paths.myAccount.getHref(), icon: IconUser, isActive: onPath(paths.myAccount.path) },
  {
    key: 'commissions',
    href: paths.myCommissions.getHref(),
    icon: IconPercentage,
    isActive: onPath(paths.myCommissions.path),
  },
  {
    key: 'allBookings',
    href: paths.bookings.getHref(),
    icon: IconTicket,
    isActive: (p) => underPath(paths.bookings.path)(p) || underPath(paths.myBookings.path)(p),
  },
  { key: 'requests', href: paths.requests.getHref(), icon: IconListDetails, isActive: underPath(paths.requests.path) },
  { key: 'newBooking', href: paths.home.getHref(), icon: IconPlus, isActive: onPath(paths.home.path) },
  { key: 'statement', href: paths.balance.getHref(), icon: IconReceipt, isActive: balanceTab(false) },
  {
    key: 'transactions',
    href: paths.balance.getHref('transactions'),
    icon: IconCoins,
    isActive: balanceTab(true),
  },
  { key: 'topUp', href: paths.topUp.getHref(), icon: IconCreditCard, isActive: onPath(paths.topUp.path) },
  {
    key: 'companySettings',
    href: paths.myAgencies.getHref(),
    icon: IconBuilding,
    isActive: onPath(paths.myAgencies.path),
  },
  { key: 'widgets', href: paths.widgets.getHref(), icon: IconApps, isActive: (p) => p.startsWith(paths.widgets.path) },
  { key: 'api', href: paths.apiKeys.getHref(), icon: IconPlugConnected, isActive: onPath(paths.apiKeys.path) },
  { key: 'agents', href: paths.agents.getHref(), icon: IconUsers, isActive: onPath(paths.agents.path) },
];

// What each menu item needs, from the role matrix (contract roles.ts); the server enforces the same matrix
const NEEDS: Record<NavItemKey, Capability | null> = {
  account: null,
  commissions: 'viewOwnBookings',
  allBookings: 'viewOwnBookings',
  requests: 'viewOwnBookings',
  newBooking: 'makeBookings',
  statement: 'viewBalances',
  transactions: 'viewBalances',
  topUp: 'viewBalances',
  companySettings: 'viewCompanyDetails',
  widgets: 'manageWidgets',
  // the reseller API's keys: the company's admins (the same capability as its widgets), where the operator allows it
  api: 'manageWidgets',
  agents: 'manageUsers',
};

// The menu mirrors the server's role rules (SPEC §6); the tours company's operator has their own home and account.
export function canSeeNavItem(key: NavItemKey, user: SessionUser): boolean {
  if (user.role === 'operator') return key === 'account';
  const capability = NEEDS[key];
  if (capability && !can(user.role, capability)) return false;
  // SPEC §6: widget creation is also gated by the agency's isWidgetsCreationAllowed
  if (key === 'widgets') return user.isWidgetsCreationAllowed !== 0;
  return key === 'api' ? (user.isApiAllowed ?? 0) !== 0 : true;
}

export function getNavItems(user: SessionUser): NavItem[] {
  return ALL_ITEMS.filter((item) => canSeeNavItem(item.key, user));
}

export type ShownNavItem = NavItem & { isCurrent: boolean };

// The items this user sees, the one for the page on screen marked current
export function useNavItems(user: SessionUser): ShownNavItem[] {
  const { pathname, search } = useLocation();
  return getNavItems(user).map((item) => ({ ...item, isCurrent: item.isActive(pathname, search) }));
}
