import { Alert, Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { IconRefresh, IconWorldWww } from '@tabler/icons-react';
import type { DomainRecord, WidgetDomainView } from '@portal/contract';
import type { ReactNode } from 'react';
import { useTranslation } from '@/lib/i18n';
import { formatDateTime } from '@/lib/format';
import { translateMessage } from '@/lib/i18n';
import { useLocale } from '@/lib/locale';
import { useVerifyWidgetDomain, useWidgetDomain } from '../api/widget-domain';
import { DomainStatus } from './domain-status';
import { CopyFieldButton } from '@/components/copy-field-button';
import { TableHead } from '@/components/table-head';

function RecordRows({ records }: { records: DomainRecord[] }) {
  const { t } = useTranslation();
  const cell = (value: string, label: string) => (
    <Group gap={6} wrap="nowrap" justify="space-between">
      <Text size="sm" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
        {value}
      </Text>
      <CopyFieldButton value={value} label={label} textKeys="widgets.domain" />
    </Group>
  );
  return (
    <>
      {/* a phone: one card per record, each value on its own line */}
      <Stack gap="xs" hiddenFrom="sm">
        {records.map((record) => (
          <Paper key={record.type} withBorder radius="md" p="sm">
            <Stack gap={6}>
              <Text size="sm" fw={700}>
                {record.type}
              </Text>
              <Text size="xs" c="dimmed">
                {t('widgets.domain.name')}
              </Text>
              {cell(record.name, `${record.type} ${t('widgets.domain.name')}`)}
              <Text size="xs" c="dimmed">
                {t('widgets.domain.value')}
              </Text>
              {cell(record.value, `${record.type} ${t('widgets.domain.value')}`)}
            </Stack>
          </Paper>
        ))}
      </Stack>
      <RecordTable records={records} cell={cell} />
    </>
  );
}

function RecordTable({
  records,
  cell,
}: {
  records: DomainRecord[];
  cell: (value: string, label: string) => ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Table.ScrollContainer minWidth={0} visibleFrom="sm">
      <Table verticalSpacing="xs" layout="fixed" data-testid="widget-domain-records">
        <TableHead textKeys="widgets.domain" cells={[{ key: 'type', w: 72 }, 'name', 'value']} />
        <Table.Tbody>
          {records.map((record) => (
            <Table.Tr key={record.type} data-testid="widget-domain-record" data-type={record.type}>
              <Table.Td>
                <Text size="sm" fw={700}>
                  {record.type}
                </Text>
              </Table.Td>
              <Table.Td>{cell(record.name, `${record.type} ${t('widgets.domain.name')}`)}</Table.Td>
              <Table.Td>{cell(record.value, `${record.type} ${t('widgets.domain.value')}`)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

// Issue 13 item 5 on the widget's page: the two DNS records to add for its own domain, the status with the last
// check's reason, and "Check now". `savedDomain`: the domain as saved; `formDomain`: as the General tab now has it.
export function DomainPanel({
  widgetId,
  savedDomain,
  formDomain,
}: {
  widgetId: string;
  savedDomain: string;
  formDomain: string;
}) {
  const { t } = useTranslation();
  const { language } = useLocale();
  const domain = useWidgetDomain(widgetId, savedDomain !== '');
  const verify = useVerifyWidgetDomain(widgetId);
  if (!savedDomain) return null;
  const view: WidgetDomainView | undefined = domain.data;
  const isChanged = formDomain.trim().toLowerCase() !== savedDomain;
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} data-testid="widget-domain-panel">
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Group gap="xs">
            <IconWorldWww size={20} />
            <Title order={2} size="h4">
              {t('widgets.domain.title')}
            </Title>
            {view ? <DomainStatus status={view.status} /> : null}
          </Group>
          <Button
            type="button"
            variant="light"
            size="xs"
            leftSection={<IconRefresh size={14} />}
            loading={verify.isPending}
            disabled={isChanged}
            onClick={() => verify.mutate()}
            data-testid="widget-domain-check"
          >
            {t('widgets.domain.check')}
          </Button>
        </Group>
        <Text size="sm" c="dimmed">
          {t('widgets.domain.hint', { domain: savedDomain })}
        </Text>
        {isChanged ? (
          <Alert color="blue" variant="light" data-testid="widget-domain-unsaved">
            {t('widgets.domain.unsaved')}
          </Alert>
        ) : null}
        {view ? <RecordRows records={view.records} /> : null}
        {view?.status === 'verificationFailed' && view.reason ? (
          <Alert color="red" variant="light" data-testid="widget-domain-reason">
            {translateMessage(view.reason)}
          </Alert>
        ) : null}
        {view?.status === 'verified' ? (
          <Alert color="teal" variant="light" data-testid="widget-domain-verified">
            {t('widgets.domain.verified', { domain: view.domain })}
          </Alert>
        ) : null}
        {view ? (
          <Text size="xs" c="dimmed" data-testid="widget-domain-checked-at">
            {view.checkedAt
              ? t('widgets.domain.checkedAt', { at: formatDateTime(view.checkedAt, language) })
              : t('widgets.domain.neverChecked')}
          </Text>
        ) : null}
      </Stack>
    </Paper>
  );
}
