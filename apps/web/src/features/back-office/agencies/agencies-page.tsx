import { Anchor, Card, Group, Loader, Paper, SegmentedControl, Stack, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedCallback, useMediaQuery } from '@mantine/hooks';
import { AgencyStatus } from '@portal/contract';
import { IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoadFailed } from '@/components/load-failed';
import { Money } from '@/components/money';
import { PageHeader } from '@/components/page-header';
import { useDocumentPageTitle } from '@/components/page-title';
import { paths } from '@/config/paths';
import { formatDateTime } from '@/lib/format';
import { useLocale } from '@/lib/locale';
import { useSearchParamsPatch } from '@/lib/use-search-params-patch';
import { useAdminAgencies } from '../api/agencies';
import { AgencyStatusBadge } from './components/agency-status-badge';

const STATUSES = AgencyStatus.options;

// /admin/agencies: every agency by status and search; a sign-up waiting for review opens its review page
export function AgenciesPage() {
  const { t } = useTranslation();
  const { language } = useLocale();
  useDocumentPageTitle(t('backOffice.agencies.title'));
  const [params, patch] = useSearchParamsPatch();
  const rawStatus = params.get('status');
  const status = STATUSES.find((s) => s === rawStatus);
  const q = params.get('q')?.trim() || undefined;
  const agencies = useAdminAgencies({ status, q });
  const isPhone = useMediaQuery('(max-width: 47.99em)') ?? false;
  const search = useDebouncedCallback((value: string) => patch({ q: value.trim() || undefined }), 300);
  const rows = agencies.data;

  return (
    <Stack gap="lg" data-testid="agencies-page">
      <PageHeader title={t('backOffice.agencies.title')} subtitle={t('backOffice.agencies.subtitle')} />
      <Group gap="sm" align="flex-end" wrap="wrap">
        <SegmentedControl
          data={[
            { value: 'all', label: t('backOffice.agencies.all') },
            ...STATUSES.map((s) => ({ value: s, label: t(`backOffice.statuses.${s}`) })),
          ]}
          value={status ?? 'all'}
          onChange={(value) => patch({ status: value === 'all' ? undefined : value })}
          fullWidth={isPhone}
          w={isPhone ? '100%' : undefined}
          size={isPhone ? 'xs' : 'sm'}
        />
        <TextInput
          aria-label={t('backOffice.agencies.search')}
          placeholder={t('backOffice.agencies.search')}
          leftSection={<IconSearch size={16} />}
          defaultValue={q ?? ''}
          onChange={(event) => search(event.currentTarget.value)}
          w={{ base: '100%', sm: 320 }}
          maxLength={100}
        />
      </Group>
      {agencies.isError && !rows ? (
        <LoadFailed error={agencies.error} onRetry={() => void agencies.refetch()} isRetrying={agencies.isFetching} />
      ) : !rows ? (
        <Loader size="sm" aria-label={t('common.loading')} />
      ) : rows.length === 0 ? (
        <Text c="dimmed">{t('backOffice.agencies.empty')}</Text>
      ) : isPhone ? (
        <Stack gap="sm" style={{ opacity: agencies.isPlaceholderData ? 0.6 : 1 }}>
          {rows.map((row) => (
            <Card
              key={row.id}
              withBorder
              padding="sm"
              component={Link}
              to={paths.backOffice.agency.getHref(row.id)}
              data-testid="agency-row"
            >
              <Group justify="space-between" wrap="nowrap" align="flex-start">
                <Stack gap={2} style={{ minWidth: 0 }}>
                  <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                    {row.name}
                  </Text>
                  <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                    {row.adminEmail ?? '—'}
                  </Text>
                  <Text size="sm">
                    <Money amount={row.balance} currency={row.currency} />
                  </Text>
                </Stack>
                <AgencyStatusBadge status={row.status} />
              </Group>
            </Card>
          ))}
        </Stack>
      ) : (
        <Paper withBorder style={{ opacity: agencies.isPlaceholderData ? 0.6 : 1 }}>
          <Table.ScrollContainer minWidth={760}>
            <Table verticalSpacing="sm" highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('backOffice.agencies.name')}</Table.Th>
                  <Table.Th>{t('backOffice.agencies.admin')}</Table.Th>
                  <Table.Th>{t('backOffice.agencies.site')}</Table.Th>
                  <Table.Th>{t('backOffice.agencies.status')}</Table.Th>
                  <Table.Th ta="right">{t('backOffice.agencies.balance')}</Table.Th>
                  <Table.Th ta="right">{t('backOffice.agencies.creditLimit')}</Table.Th>
                  <Table.Th>{t('backOffice.agencies.signedUp')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((row) => (
                  <Table.Tr key={row.id} data-testid="agency-row">
                    <Table.Td>
                      <Anchor component={Link} to={paths.backOffice.agency.getHref(row.id)} fw={600} size="sm">
                        {row.name}
                      </Anchor>
                      <Text size="xs" c="dimmed">
                        {row.tradeLicenseNumber}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                        {row.adminEmail ?? '—'}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{row.siteId}</Text>
                    </Table.Td>
                    <Table.Td>
                      <AgencyStatusBadge status={row.status} />
                    </Table.Td>
                    <Table.Td ta="right">
                      <Money amount={row.balance} currency={row.currency} />
                    </Table.Td>
                    <Table.Td ta="right">
                      <Money amount={row.creditLimit} currency={row.currency} />
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{formatDateTime(row.createdAt, language)}</Text>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Paper>
      )}
    </Stack>
  );
}
