import { Alert, Anchor, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { isInsightSessionId } from '@portal/contract/plain';
import { IconShieldLock } from '@tabler/icons-react';
import { useTranslation } from '@/lib/i18n';
import { Link, Navigate, useParams } from 'react-router';
import { BackLink } from '@/components/back-link';
import { LabelledValue } from '@/components/labelled-value';
import { useDocumentPageTitle } from '@/components/page-title';
import { QueryContent } from '@/components/query-content';
import { paths } from '@/config/paths';
import { formatDateTime, formatFileSize } from '@/lib/format';
import { useLocale } from '@/lib/locale';
import { Section } from '../components/section';
import { useSessionReplay } from './api';
import { ReplayPlayer } from './replay-player';
import { sessionMinutes } from './replay-sessions';

// /admin/replays/:id: one recorded session of an agent (issue 31 item 3), who and when, and its replay
export function ReplayPage() {
  const { t } = useTranslation();
  const { language } = useLocale();
  const { id = '' } = useParams();
  const replay = useSessionReplay(id);
  useDocumentPageTitle(t('backOffice.replay.title'));
  if (!isInsightSessionId(id)) return <Navigate to={paths.notFound.getHref()} replace />;
  const loaded = replay.data?.session;
  return (
    <Stack gap="lg" data-testid="replay-page">
      {loaded && <BackLink to={paths.backOffice.agency.getHref(loaded.agencyId)}>{loaded.agencyName}</BackLink>}
      <Title order={1}>{t('backOffice.replay.title')}</Title>
      <QueryContent query={replay} loading={<Skeleton height={480} />}>
        {({ session, events }) => (
          <>
            <Section title={t('backOffice.replay.session')}>
              <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
                <LabelledValue isPlain isDashWhenEmpty label={t('backOffice.replay.agent')}>
                  {session.agent ? `${session.agent.name} · ${session.agent.email}` : ''}
                </LabelledValue>
                <LabelledValue isPlain label={t('backOffice.replay.started')}>
                  {formatDateTime(session.startedAt, language)}
                </LabelledValue>
                <LabelledValue isPlain label={t('backOffice.replay.length')}>
                  {`${t('backOffice.replay.minutes', { count: sessionMinutes(session) })} · ${formatFileSize(session.size)}`}
                </LabelledValue>
                <LabelledValue isPlain isDashWhenEmpty label={t('backOffice.replay.bookings')}>
                  {session.bookings.length === 0 ? (
                    ''
                  ) : (
                    <Group gap={6} component="span">
                      {session.bookings.map((booking) => (
                        <Anchor key={booking.id} component={Link} to={paths.backOffice.booking.getHref(booking.id)}>
                          {booking.reference}
                        </Anchor>
                      ))}
                    </Group>
                  )}
                </LabelledValue>
              </SimpleGrid>
            </Section>
            <Alert variant="light" color="gray" icon={<IconShieldLock size={18} />}>
              <Text size="sm">{t('backOffice.replay.masked')}</Text>
            </Alert>
            <ReplayPlayer events={events} />
          </>
        )}
      </QueryContent>
    </Stack>
  );
}
