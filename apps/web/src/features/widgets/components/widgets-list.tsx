import { Card, Group, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import type { WidgetListItem } from '@portal/contract';
import { useTranslation } from '@/lib/i18n';
import { DomainStatus } from './domain-status';
import { WidgetActions } from './widget-actions';
import { LabelledValue } from '@/components/labelled-value';
import { ScrollTable } from '@/components/scroll-table';

const WRAP = { overflowWrap: 'anywhere' } as const;

function Domain({ widget }: { widget: WidgetListItem }) {
  const { t } = useTranslation();
  if (!widget.domain)
    return (
      <Text inherit c="dimmed">
        {t('widgets.noDomain')}
      </Text>
    );
  return (
    <Stack gap={4} align="flex-start">
      <Text inherit style={WRAP}>
        {widget.domain}
      </Text>
      <DomainStatus status={widget.domainStatus} />
    </Stack>
  );
}

// The list on a wide screen
export function WidgetsTable({ widgets }: { widgets: readonly WidgetListItem[] }) {
  const { t } = useTranslation();
  return (
    <ScrollTable
      minWidth={760}
      verticalSpacing="sm"
      horizontalSpacing="sm"
      highlightOnHover
      testId="widgets-table"
      textKeys="widgets.columns"
      cells={['name', 'type', 'domain', { key: 'offers', align: 'right' }, { key: 'actions', align: 'right' }]}
    >
      {widgets.map((widget) => (
        <Table.Tr key={widget.id} data-testid="widget-row" data-name={widget.name}>
          <Table.Td style={WRAP}>
            <Text inherit fw={600}>
              {widget.name}
            </Text>
            <Text size="xs" c="dimmed">
              /w/{widget.slug}
            </Text>
          </Table.Td>
          <Table.Td>{t(`widgets.types.${widget.type}`)}</Table.Td>
          <Table.Td>
            <Domain widget={widget} />
          </Table.Td>
          <Table.Td ta="right" data-testid="widget-offers-count">
            {widget.offersCount}
          </Table.Td>
          <Table.Td>
            <WidgetActions widget={widget} isCompact />
          </Table.Td>
        </Table.Tr>
      ))}
    </ScrollTable>
  );
}

// The list on a phone: one card per widget
export function WidgetsCards({ widgets }: { widgets: readonly WidgetListItem[] }) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm" data-testid="widgets-cards">
      {widgets.map((widget) => (
        <Card key={widget.id} withBorder padding="md" radius="md" data-testid="widget-row" data-name={widget.name}>
          <Stack gap="xs">
            <div style={{ minWidth: 0 }}>
              <Text fw={700} style={WRAP}>
                {widget.name}
              </Text>
              <Text size="xs" c="dimmed">
                /w/{widget.slug}
              </Text>
            </div>
            <SimpleGrid cols={2} spacing="xs" verticalSpacing={6}>
              <LabelledValue label={t('widgets.columns.type')}>{t(`widgets.types.${widget.type}`)}</LabelledValue>
              <LabelledValue label={t('widgets.columns.offers')}>
                <span data-testid="widget-offers-count">{widget.offersCount}</span>
              </LabelledValue>
            </SimpleGrid>
            <LabelledValue label={t('widgets.columns.domain')}>
              <Domain widget={widget} />
            </LabelledValue>
            <Group>
              <WidgetActions widget={widget} />
            </Group>
          </Stack>
        </Card>
      ))}
    </Stack>
  );
}
