import {
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Loader,
  SegmentedControl,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoadFailed } from '@/components/load-failed';
import { PageHeader } from '@/components/page-header';
import { useDocumentPageTitle } from '@/components/page-title';
import { paths } from '@/config/paths';
import { useLocale } from '@/lib/locale';
import { useAdminTours } from './api/catalogue';

type Active = 'all' | 'active' | 'inactive';

// /admin/tours: every tour, active or not, by title or address; a new tour starts here
export function ToursPage() {
  const { t } = useTranslation();
  const { language } = useLocale();
  useDocumentPageTitle(t('boCatalogue.tours.title'));
  const [search, setSearch] = useState('');
  const [active, setActive] = useState<Active>('all');
  const [q] = useDebouncedValue(search.trim(), 300);
  const tours = useAdminTours({ q: q || undefined, active, language });
  const isPhone = useMediaQuery('(max-width: 47.99em)') ?? false;
  const rows = tours.data;
  const status = (isActive: boolean) => (
    <Badge color={isActive ? 'teal' : 'gray'} variant="light">
      {isActive ? t('boCatalogue.tours.active') : t('boCatalogue.tours.inactive')}
    </Badge>
  );

  return (
    <Stack gap="lg" data-testid="tours-page">
      <PageHeader
        title={t('boCatalogue.tours.title')}
        subtitle={t('boCatalogue.tours.subtitle')}
        action={
          <Button component={Link} to={paths.backOffice.tour.getHref('new')} leftSection={<IconPlus size={16} />}>
            {t('boCatalogue.tours.new')}
          </Button>
        }
      />
      <Group gap="sm" align="flex-end" wrap="wrap">
        <SegmentedControl
          data={(['all', 'active', 'inactive'] as const).map((value) => ({
            value,
            label: t(`boCatalogue.tours.filter.${value}`),
          }))}
          value={active}
          onChange={(value) => setActive(value as Active)}
          size={isPhone ? 'xs' : 'sm'}
        />
        <TextInput
          aria-label={t('boCatalogue.tours.search')}
          placeholder={t('boCatalogue.tours.search')}
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          w={{ base: '100%', sm: 320 }}
          maxLength={100}
        />
      </Group>
      {tours.isError && !rows ? (
        <LoadFailed error={tours.error} onRetry={() => void tours.refetch()} isRetrying={tours.isFetching} />
      ) : !rows ? (
        <Loader size="sm" aria-label={t('common.loading')} />
      ) : rows.length === 0 ? (
        <Text c="dimmed">{t('boCatalogue.tours.empty')}</Text>
      ) : isPhone ? (
        <Stack gap="sm">
          {rows.map((row) => (
            <Card
              key={row.id}
              withBorder
              padding="sm"
              component={Link}
              to={paths.backOffice.tour.getHref(row.id)}
              data-testid="tour-row"
            >
              <Group justify="space-between" wrap="nowrap" align="flex-start">
                <Stack gap={2} style={{ minWidth: 0 }}>
                  <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                    {row.title}
                  </Text>
                  <Text size="sm" c="dimmed">
                    {row.city} · {t('boCatalogue.tours.offersCount', { count: row.offers })}
                  </Text>
                </Stack>
                {status(row.isActive)}
              </Group>
            </Card>
          ))}
        </Stack>
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table striped highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('boCatalogue.tours.columns.title')}</Table.Th>
                <Table.Th>{t('boCatalogue.tours.columns.city')}</Table.Th>
                <Table.Th>{t('boCatalogue.tours.columns.offers')}</Table.Th>
                <Table.Th>{t('boCatalogue.tours.columns.status')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={row.id} data-testid="tour-row">
                  <Table.Td>
                    <Anchor component={Link} to={paths.backOffice.tour.getHref(row.id)} fw={600}>
                      {row.title}
                    </Anchor>
                    <Text size="xs" c="dimmed">
                      /{row.url}
                    </Text>
                  </Table.Td>
                  <Table.Td>{row.city}</Table.Td>
                  <Table.Td>{row.offers}</Table.Td>
                  <Table.Td>{status(row.isActive)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
