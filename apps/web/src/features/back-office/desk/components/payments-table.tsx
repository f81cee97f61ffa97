import { Anchor, Card, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { DeskPayment } from '@portal/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Money } from '@/components/money';
import { paths } from '@/config/paths';
import { formatDateTime } from '@/lib/format';
import { useLocale } from '@/lib/locale';
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

// Card payments with the provider's status and their refunds: a table on a desktop, cards on a phone
export function PaymentsTable({ rows, showAgency = true }: { rows: readonly DeskPayment[]; showAgency?: boolean }) {
  // on a booking's own page the agency and the booking are the page's
  const showPaidFor = showAgency;
  const { t } = useTranslation();
  const { language } = useLocale();
  const isPhone = useMediaQuery('(max-width: 47.99em)') ?? false;
  if (isPhone)
    return (
      <Stack gap="sm">
        {rows.map((payment) => (
          <Card key={payment.id} withBorder padding="sm" data-testid="payment-row" data-id={payment.id}>
            <Stack gap={6}>
              <Group justify="space-between" wrap="nowrap" align="flex-start">
                <Stack gap={0} style={{ minWidth: 0 }}>
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
                </Stack>
                <PaymentStatusBadge status={payment.status} />
              </Group>
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
                  {payment.failureMessage}
                </Text>
              )}
              <RefundStatus payment={payment} />
            </Stack>
          </Card>
        ))}
      </Stack>
    );
  return (
    <Paper withBorder>
      <Table.ScrollContainer minWidth={900}>
        <Table verticalSpacing="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('boDesk.money.started')}</Table.Th>
              {showAgency && <Table.Th>{t('boDesk.fields.agency')}</Table.Th>}
              {showPaidFor && <Table.Th>{t('boDesk.fields.paidFor')}</Table.Th>}
              <Table.Th>{t('boDesk.fields.provider')}</Table.Th>
              <Table.Th ta="right">{t('boDesk.fields.amount')}</Table.Th>
              <Table.Th>{t('boDesk.fields.status')}</Table.Th>
              <Table.Th>{t('boDesk.fields.refund')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((payment) => (
              <Table.Tr key={payment.id} data-testid="payment-row" data-id={payment.id}>
                <Table.Td>
                  <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                    {formatDateTime(payment.createdAt, language)}
                  </Text>
                </Table.Td>
                {showAgency && (
                  <Table.Td>
                    <Text size="sm">{payment.agencyName}</Text>
                  </Table.Td>
                )}
                {showPaidFor && (
                  <Table.Td>
                    <PaidFor payment={payment} />
                  </Table.Td>
                )}
                <Table.Td maw={220}>
                  <Provider payment={payment} />
                </Table.Td>
                <Table.Td ta="right">
                  <Money amount={payment.amount} currency={payment.currencyCode} />
                </Table.Td>
                <Table.Td>
                  <Stack gap={2} align="flex-start">
                    <PaymentStatusBadge status={payment.status} />
                    {/* a refund that needs checking says it in its own column */}
                    {payment.failureMessage && payment.refund.state !== 'needs_check' && (
                      <Text size="xs" c="red.8" maw={200}>
                        {payment.failureMessage}
                      </Text>
                    )}
                  </Stack>
                </Table.Td>
                <Table.Td>
                  <RefundStatus payment={payment} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}
