import { Anchor, Group, Stack, Text } from '@mantine/core';
import type { DeskPayment } from '@portal/contract';
import { useTranslation } from '@/lib/i18n';
import { Link } from 'react-router';
import { Money } from '@/components/money';
import { paths } from '@/config/paths';
import { formatDateTime } from '@/lib/format';
import { translateMessage } from '@/lib/i18n';
import { useLocale } from '@/lib/locale';
import { CardTop, ListCard } from '../../components/list-card';
import { ListTable, type ListColumn } from '../../components/list-table';
import { PaymentStatusBadge, RefundStatus } from './refund-status';

function PaidFor({ payment }: { payment: DeskPayment }) {
  const { t } = useTranslation();
  if (payment.paidFor.kind === 'booking')
    return (
      <Anchor component={Link} to={paths.backOffice.booking.getHref(payment.paidFor.id)} size="sm" fw={600}>
        {payment.paidFor.reference}
      </Anchor>
    );
  return (
    <Text size="sm">
      {t('boDesk.money.topUp')} {payment.paidFor.reference}
    </Text>
  );
}

function Provider({ payment }: { payment: DeskPayment }) {
  return (
    <>
      <Text size="sm" tt="capitalize">
        {payment.provider}
      </Text>
      <Text size="xs" c="dimmed" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
        {payment.providerRef ?? '—'}
      </Text>
    </>
  );
}

function PaymentCard({ payment, showAgency }: { payment: DeskPayment; showAgency: boolean }) {
  const { language } = useLocale();
  // on a booking's own page the agency and the booking are the page's
  const showPaidFor = showAgency;
  return (
    <ListCard data-testid="payment-row" data-id={payment.id}>
      <Stack gap={6}>
        <CardTop aside={<PaymentStatusBadge status={payment.status} />}>
          {showPaidFor ? (
            <PaidFor payment={payment} />
          ) : (
            <Text size="sm">{formatDateTime(payment.createdAt, language)}</Text>
          )}
          {showAgency && (
            <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {payment.agencyName}
            </Text>
          )}
        </CardTop>
        <Group justify="space-between" wrap="nowrap">
          <Text size="sm" fw={600}>
            <Money amount={payment.amount} currency={payment.currencyCode} />
          </Text>
          {showPaidFor && (
            <Text size="xs" c="dimmed">
              {formatDateTime(payment.createdAt, language)}
            </Text>
          )}
        </Group>
        <Text size="xs" c="dimmed" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
          {payment.provider} · {payment.providerRef ?? '—'}
        </Text>
        {payment.failureMessage && payment.refund.state !== 'needs_check' && (
          <Text size="xs" c="red.8">
            {translateMessage(payment.failureMessage)}
          </Text>
        )}
        <RefundStatus payment={payment} />
      </Stack>
    </ListCard>
  );
}

// Card payments with the provider's status and their refunds: a table on a desktop, cards on a phone
export function PaymentsTable({ rows, showAgency = true }: { rows: readonly DeskPayment[]; showAgency?: boolean }) {
  const { t } = useTranslation();
  const { language } = useLocale();
  const columns: (ListColumn<DeskPayment> | false)[] = [
    {
      key: 'started',
      title: t('boDesk.money.started'),
      cell: (payment) => (
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          {formatDateTime(payment.createdAt, language)}
        </Text>
      ),
    },
    showAgency && {
      key: 'agency',
      title: t('boDesk.fields.agency'),
      cell: (payment) => <Text size="sm">{payment.agencyName}</Text>,
    },
    showAgency && {
      key: 'paidFor',
      title: t('boDesk.fields.paidFor'),
      cell: (payment) => <PaidFor payment={payment} />,
    },
    {
      key: 'provider',
      title: t('boDesk.fields.provider'),
      tdProps: { maw: 220 },
      cell: (payment) => <Provider payment={payment} />,
    },
    {
      key: 'amount',
      title: t('boDesk.fields.amount'),
      align: 'right',
      cell: (payment) => <Money amount={payment.amount} currency={payment.currencyCode} />,
    },
    {
      key: 'status',
      title: t('boDesk.fields.status'),
      cell: (payment) => (
        <Stack gap={2} align="flex-start">
          <PaymentStatusBadge status={payment.status} />
          {/* a refund that needs checking says it in its own column */}
          {payment.failureMessage && payment.refund.state !== 'needs_check' && (
            <Text size="xs" c="red.8" maw={200}>
              {translateMessage(payment.failureMessage)}
            </Text>
          )}
        </Stack>
      ),
    },
    { key: 'refund', title: t('boDesk.fields.refund'), cell: (payment) => <RefundStatus payment={payment} /> },
  ];
  return (
    <ListTable
      rows={rows}
      columns={columns}
      minWidth={900}
      highlightOnHover={false}
      rowProps={(payment) => ({ 'data-testid': 'payment-row', 'data-id': payment.id })}
      card={(payment) => <PaymentCard payment={payment} showAgency={showAgency} />}
    />
  );
}
