import type { ReactNode } from 'react';
import { Anchor, Badge, Group, Paper, SimpleGrid, Skeleton, Stack, Table, Text, ThemeIcon } from '@mantine/core';
import {
  IconAlertTriangle,
  IconBuildingBank,
  IconBuildingStore,
  IconListDetails,
  IconTicket,
  type Icon,
} from '@tabler/icons-react';
import { useTranslation } from '@/lib/i18n';
import { Link } from 'react-router';
import type { AdminDashboard } from '@portal/contract';
import { QueryContent } from '@/components/query-content';
import { Money } from '@/components/money';
import { PageHeader } from '@/components/page-header';
import { useDocumentPageTitle } from '@/components/page-title';
import { paths } from '@/config/paths';
import { formatDate, formatDateTime } from '@/lib/format';
import { useLocale } from '@/lib/locale';
import { useDashboard } from '../api/dashboard';
import { Section } from '../components/section';
import { TableHead } from '@/components/table-head';

const bo = paths.backOffice;

function Tile({
  icon: TileIcon,
  label,
  value,
  detail,
  href,
  testId,
  isUrgent,
}: {
  icon: Icon;
  label: string;
  value: number;
  detail?: ReactNode;
  href: string;
  testId: string;
  isUrgent: boolean;
}) {
  return (
    <Paper withBorder p="md" radius="md" component={Link} to={href} data-testid={testId} style={{ color: 'inherit' }}>
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Stack gap={4}>
          <Text size="sm" c="dimmed">
            {label}
          </Text>
          <Text fz={32} fw={700} lh={1.1} c={isUrgent && value > 0 ? 'orange.8' : undefined}>
            {value}
          </Text>
          {detail}
        </Stack>
        <ThemeIcon variant="light" size="lg" radius="md" color={isUrgent && value > 0 ? 'orange' : 'brand'}>
          <TileIcon size={20} />
        </ThemeIcon>
      </Group>
    </Paper>
  );
}

// What waits for the tours company, each queue a tile that leads to it (the last two to the lists below the tiles)
function queuesOf(data: AdminDashboard) {
  return [
    {
      key: 'pendingAgencies',
      icon: IconBuildingStore,
      value: data.pendingAgencies,
      href: bo.agencies.getHref({ status: 'pending' }),
      testId: 'tile-pending-agencies',
    },
    {
      key: 'openRequests',
      icon: IconListDetails,
      value: data.openRequests,
      href: bo.requests.getHref(),
      testId: 'tile-requests',
    },
    {
      key: 'transfers',
      icon: IconBuildingBank,
      value: data.transfersToConfirm,
      href: bo.money.getHref(),
      testId: 'tile-transfers',
    },
    {
      key: 'lowOrOverdue',
      icon: IconAlertTriangle,
      value: data.agenciesLowOrOverdue.length,
      href: '#low-balances',
      testId: 'tile-low-balances',
    },
    {
      key: 'failedJobs',
      icon: IconAlertTriangle,
      value: data.failedJobs.length,
      href: '#failed-jobs',
      testId: 'tile-failed-jobs',
    },
  ] as const;
}

// /admin: today's bookings and revenue, and each queue that waits for the tours company, each a link to its list
export function DashboardPage() {
  const { t } = useTranslation();
  const { language } = useLocale();
  useDocumentPageTitle(t('backOffice.dashboard.title'));
  const dashboard = useDashboard();

  return (
    <Stack gap="lg" data-testid="dashboard">
      <PageHeader
        title={t('backOffice.dashboard.title')}
        subtitle={
          dashboard.data
            ? t('backOffice.dashboard.today', { date: formatDate(dashboard.data.today, language) })
            : t('backOffice.dashboard.subtitle')
        }
      />
      <QueryContent
        query={dashboard}
        loading={
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
            {[1, 2, 3, 4, 5, 6].map((n) => (
              <Skeleton key={n} height={110} radius="md" />
            ))}
          </SimpleGrid>
        }
      >
        {(data) => (
          <>
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
              <Tile
                icon={IconTicket}
                label={t('backOffice.dashboard.bookingsToday')}
                value={data.bookingsToday}
                href={bo.bookings.getHref()}
                testId="tile-bookings"
                isUrgent={false}
                detail={
                  <Group gap="xs">
                    {data.revenueToday.length === 0 ? (
                      <Text size="sm" c="dimmed">
                        {t('backOffice.dashboard.noRevenue')}
                      </Text>
                    ) : (
                      data.revenueToday.map((row) => (
                        <Text key={row.currencyCode} size="sm" fw={600}>
                          <Money amount={row.amount} currency={row.currencyCode} />
                        </Text>
                      ))
                    )}
                  </Group>
                }
              />
              {queuesOf(data).map(({ key, ...queue }) => (
                <Tile key={key} {...queue} label={t(`backOffice.dashboard.${key}`)} isUrgent />
              ))}
            </SimpleGrid>

            <Section
              title={t('backOffice.dashboard.lowOrOverdue')}
              anchor="low-balances"
              empty={data.agenciesLowOrOverdue.length === 0 && t('backOffice.dashboard.noneLow')}
            >
              <Table.ScrollContainer minWidth={420}>
                <Table verticalSpacing="xs">
                  <TableHead
                    textKeys="backOffice.agencies"
                    cells={['name', { key: 'available', align: 'right' }, { key: 'overdue', align: 'right' }]}
                  />
                  <Table.Tbody>
                    {data.agenciesLowOrOverdue.map((row) => (
                      <Table.Tr key={row.id}>
                        <Table.Td>
                          <Anchor component={Link} to={bo.agency.getHref(row.id)} size="sm">
                            {row.name}
                          </Anchor>
                        </Table.Td>
                        <Table.Td ta="right">
                          <Money amount={row.available} currency={row.currencyCode} />
                        </Table.Td>
                        <Table.Td ta="right">
                          {row.overdue > 0 ? (
                            <Badge color="red" variant="light">
                              <Money amount={row.overdue} currency={row.currencyCode} />
                            </Badge>
                          ) : (
                            '—'
                          )}
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            </Section>

            <Section
              title={t('backOffice.dashboard.failedJobs')}
              anchor="failed-jobs"
              empty={data.failedJobs.length === 0 && t('backOffice.dashboard.noFailedJobs')}
            >
              {data.failedJobs.map((job) => (
                <Stack key={job.job} gap={2} data-testid="failed-job">
                  <Group gap="xs">
                    <Text fw={600} size="sm">
                      {job.job}
                    </Text>
                    <Badge color="red" variant="light" size="sm">
                      {t('backOffice.dashboard.failures', { count: job.failures })}
                    </Badge>
                    <Text size="xs" c="dimmed">
                      {formatDateTime(job.at, language)}
                    </Text>
                  </Group>
                  <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                    {job.lastError}
                  </Text>
                </Stack>
              ))}
            </Section>
          </>
        )}
      </QueryContent>
    </Stack>
  );
}
