import { Box, Group, NavLink, ScrollArea, Stack, Text, UnstyledButton } from '@mantine/core';
import {
  IconBuildingStore,
  IconCash,
  IconChartFunnel,
  IconDiscount,
  IconHistory,
  IconLayoutDashboard,
  IconListDetails,
  IconMap2,
  IconTicket,
  type Icon,
} from '@tabler/icons-react';
import { useTranslation } from '@/lib/i18n';
import { Link, useLocation } from 'react-router';
import { paths } from '@/config/paths';
import classes from './back-office-nav.module.css';

type Item = { key: string; href: string; icon: Icon; match: (pathname: string) => boolean };

const bo = paths.backOffice;
const under =
  (...prefixes: string[]) =>
  (pathname: string) =>
    prefixes.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));

// The back office's sections, in the order an operator's day goes
export const BACK_OFFICE_ITEMS: readonly Item[] = [
  {
    key: 'dashboard',
    href: bo.dashboard.getHref(),
    icon: IconLayoutDashboard,
    match: (p) => p === '/admin' || p === '/admin/',
  },
  { key: 'agencies', href: bo.agencies.getHref(), icon: IconBuildingStore, match: under('/admin/agencies') },
  { key: 'requests', href: bo.requests.getHref(), icon: IconListDetails, match: under('/admin/requests') },
  { key: 'bookings', href: bo.bookings.getHref(), icon: IconTicket, match: under('/admin/bookings') },
  { key: 'money', href: bo.money.getHref(), icon: IconCash, match: under('/admin/money') },
  { key: 'catalogue', href: bo.tours.getHref(), icon: IconMap2, match: under('/admin/tours', '/admin/offers') },
  { key: 'promoCodes', href: bo.promoCodes.getHref(), icon: IconDiscount, match: under('/admin/promo-codes') },
  { key: 'insight', href: bo.insightFunnel.getHref(), icon: IconChartFunnel, match: under('/admin/insight') },
  { key: 'audit', href: bo.audit.getHref(), icon: IconHistory, match: under('/admin/audit') },
];

// A column of links beside the page on a desktop
export function BackOfficeSideNav() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  return (
    <Stack gap={2} component="nav" aria-label={t('backOffice.nav.label')} data-testid="back-office-nav">
      <Text size="xs" tt="uppercase" fw={700} c="dimmed" px="sm" pb={4}>
        {t('backOffice.nav.label')}
      </Text>
      {BACK_OFFICE_ITEMS.map((item) => (
        <NavLink
          key={item.key}
          component={Link}
          to={item.href}
          label={t(`backOffice.nav.${item.key}`)}
          leftSection={<item.icon size={18} stroke={1.6} />}
          active={item.match(pathname)}
          aria-current={item.match(pathname) ? 'page' : undefined}
        />
      ))}
    </Stack>
  );
}

// A row that scrolls sideways above the page on a phone
export function BackOfficeChipNav() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  return (
    <Box component="nav" aria-label={t('backOffice.nav.label')} data-testid="back-office-chips">
      <ScrollArea type="never">
        <Group gap={6} wrap="nowrap" pb={4}>
          {BACK_OFFICE_ITEMS.map((item) => (
            <UnstyledButton
              key={item.key}
              component={Link}
              to={item.href}
              className={classes.chip}
              data-active={item.match(pathname) || undefined}
              aria-current={item.match(pathname) ? 'page' : undefined}
            >
              <Group gap={6} wrap="nowrap">
                <item.icon size={16} stroke={1.6} />
                <span>{t(`backOffice.nav.${item.key}`)}</span>
              </Group>
            </UnstyledButton>
          ))}
        </Group>
      </ScrollArea>
    </Box>
  );
}
