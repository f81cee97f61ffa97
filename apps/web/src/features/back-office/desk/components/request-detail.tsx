import type { ReactNode } from 'react';
import { Alert, Divider, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { AdminRequestRow } from '@portal/contract';
import { useTranslation } from '@/lib/i18n';
import { LabelledValue } from '@/components/labelled-value';
import { Money } from '@/components/money';
import { formatDateTime } from '@/lib/format';
import { useLocale } from '@/lib/locale';
import { DeskStatusBadge } from './booking-status-badge';
import { RequestActions } from './request-actions';
import { guestsText } from './guests';
import { When } from './when';

// One thing the agent said or the request holds, a dash where it holds nothing
function Fact({ label, testId, children }: { label: string; testId?: string; children: ReactNode }) {
  return (
    <LabelledValue isPlain isDashWhenEmpty label={label} testId={testId}>
      {children}
    </LabelledValue>
  );
}

// A quotation request as the operator decides on it: what the agent asked for, the quote given, the actions
export function RequestDetail({ request }: { request: AdminRequestRow }) {
  const { t } = useTranslation();
  const { language } = useLocale();
  return (
    <Stack gap="md" data-testid="request-detail" data-reference={request.reference}>
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Title order={2} size="h4" style={{ overflowWrap: 'anywhere' }}>
            {request.tour}
          </Title>
          <Text size="sm" c="dimmed">
            {request.offer}
          </Text>
        </Stack>
        <DeskStatusBadge status={request.status} />
      </Group>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <Fact label={t('boDesk.fields.reference')}>{request.reference}</Fact>
        <Fact label={t('boDesk.fields.agency')}>{request.agencyName}</Fact>
        <Fact label={t('boDesk.fields.date')}>
          <When row={request} />
        </Fact>
        <Fact label={t('boDesk.fields.guests')}>{guestsText(t, request)}</Fact>
        <Fact label={t('boDesk.fields.guest')}>{request.guestName}</Fact>
        <Fact label={t('boDesk.fields.agent')}>{request.agent}</Fact>
        <Fact label={t('boDesk.fields.hotel')}>{[request.hotel, request.room].filter(Boolean).join(', ')}</Fact>
        <Fact label={t('boDesk.fields.received')}>{formatDateTime(request.createdAt, language)}</Fact>
        <Fact label={t('boDesk.requests.priced')}>
          <Money amount={request.netRate} currency={request.currencyCode} />
        </Fact>
      </SimpleGrid>
      <Fact label={t('boDesk.requests.agentNote')} testId="request-note">
        {request.notes}
      </Fact>
      {request.quote && (
        <Alert color="blue" variant="light" title={t('boDesk.requests.quoteGiven')} data-testid="request-quote">
          <Stack gap={2}>
            <Text size="sm">
              <Money amount={request.quote.netTotal} currency={request.currencyCode} />
              {' · '}
              {t('boDesk.requests.validUntil', { at: formatDateTime(request.quote.expiresAt, language) })}
            </Text>
            {request.quote.note && <Text size="sm">{request.quote.note}</Text>}
          </Stack>
        </Alert>
      )}
      {request.declineReason && (
        <Alert color="gray" variant="light" title={t('boDesk.requests.declineReason')}>
          {request.declineReason}
        </Alert>
      )}
      <Divider />
      <RequestActions request={request} />
    </Stack>
  );
}
