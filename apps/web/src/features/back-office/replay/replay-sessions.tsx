import { Anchor, Button, Group, Stack, Text } from '@mantine/core';
import type { ReplaySession } from '@portal/contract';
import { IconPlayerPlay } from '@tabler/icons-react';
import { useTranslation } from '@/lib/i18n';
import { Link } from 'react-router';
import { LoadFailed } from '@/components/load-failed';
import { paths } from '@/config/paths';
import { formatDateTime, formatFileSize } from '@/lib/format';
import { useLocale } from '@/lib/locale';
import { ListTable, type ListColumn } from '../components/list-table';
import { Section } from '../components/section';
import { useAgencyReplays, useBookingReplays } from './api';
import { columnsUnder } from '../components/list-columns';

type Sessions = ReturnType<typeof useAgencyReplays>;

// Minutes between a session's first and last batch (at least one)
export function sessionMinutes(session: ReplaySession): number {
  return Math.max(1, Math.round((Date.parse(session.lastSeenAt) - Date.parse(session.startedAt)) / 60_000));
}

// Issue 31 item 3: an agency's recorded sessions on its page
export function AgencyReplays({ agencyId }: { agencyId: string }) {
  return <ReplaySessions of="agency" sessions={useAgencyReplays(agencyId)} />;
}

// …and on a booking's page, the session it was made in
export function BookingReplays({ bookingId }: { bookingId: string }) {
  return <ReplaySessions of="booking" sessions={useBookingReplays(bookingId)} />;
}

// whose sessions: the section's title and empty note are backOffice.replay.<of>Title and <of>Empty
type ReplaySessionsProps = { of: 'agency' | 'booking'; sessions: Sessions };

function ReplaySessions({ of, sessions }: ReplaySessionsProps) {
  const { t } = useTranslation();
  const { language } = useLocale();
  const rows = sessions.data?.sessions ?? [];
  const column = columnsUnder<ReplaySession>(t, 'backOffice.replay');
  const columns: ListColumn<ReplaySession>[] = [
    column('started', (session) => formatDateTime(session.startedAt, language)),
    column(
      'agent',
      (session) =>
        session.agent ? (
          <Stack gap={0}>
            <Text size="sm">{session.agent.name}</Text>
            <Text size="xs" c="dimmed">
              {session.agent.email}
            </Text>
          </Stack>
        ) : (
          '—'
        ),
      { tdProps: { style: { overflowWrap: 'anywhere' } } },
    ),
    column(
      'length',
      (session) =>
        `${t('backOffice.replay.minutes', { count: sessionMinutes(session) })} · ${formatFileSize(session.size)}`,
    ),
    column('bookings', (session) =>
      session.bookings.length === 0 ? (
        '—'
      ) : (
        <Group gap={6}>
          {session.bookings.map((booking) => (
            <Anchor key={booking.id} component={Link} to={paths.backOffice.booking.getHref(booking.id)} size="sm">
              {booking.reference}
            </Anchor>
          ))}
        </Group>
      ),
    ),
    {
      key: 'play',
      align: 'right',
      cell: (session) => (
        <Button
          component={Link}
          to={paths.backOffice.replay.getHref(session.sessionId)}
          size="xs"
          variant="light"
          leftSection={<IconPlayerPlay size={14} />}
          data-testid="replay-play"
        >
          {t('backOffice.replay.play')}
        </Button>
      ),
    },
  ];
  return (
    <Section title={t(`backOffice.replay.${of}Title`)} testId={`${of}-replays`}>
      {sessions.isError && !sessions.data ? (
        <LoadFailed error={sessions.error} onRetry={() => void sessions.refetch()} isRetrying={sessions.isFetching} />
      ) : sessions.data && rows.length === 0 ? (
        <Text c="dimmed" size="sm">
          {t(`backOffice.replay.${of}Empty`)}
        </Text>
      ) : (
        <ListTable
          rows={rows}
          rowKey={(session) => session.sessionId}
          columns={columns}
          minWidth={640}
          variant="compact"
          rowProps={(session) => ({ 'data-testid': 'replay-session', 'data-session': session.sessionId })}
        />
      )}
    </Section>
  );
}
