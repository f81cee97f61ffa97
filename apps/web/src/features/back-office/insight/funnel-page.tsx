import { Group, Progress, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import type { FunnelResponse } from '@portal/contract';
import { useTranslation } from '@/lib/i18n';
import { useLocale } from '@/lib/locale';
import { ListResults } from '../components/list-page';
import { Section } from '../components/section';
import { useListParams } from '../hooks/use-list-params';
import { useFunnel } from './api/insight';
import { InsightPage } from './components/insight-page';
import { INSIGHT_PARAMS, formatShare, insightFilters } from './utils/insight-filters';
import { TableHead } from '@/components/table-head';

function Steps({ data }: { data: FunnelResponse }) {
  const { t } = useTranslation();
  const { language } = useLocale();
  if (data.steps.length === 0)
    return (
      <Text c="dimmed" data-testid="funnel-no-sessions">
        {t('boInsight.funnel.noSessions')}
      </Text>
    );
  return (
    <Stack gap="md" data-testid="funnel-steps">
      {data.steps.map((row, i) => (
        <Stack key={row.step} gap={4} data-testid="funnel-step" data-step={row.step} data-sessions={row.sessions}>
          <Group justify="space-between" wrap="nowrap" align="baseline">
            <Text fw={600}>
              {i + 1}. {t(`boInsight.steps.${row.step}`)}
            </Text>
            <Text fw={700} fz="lg">
              {row.sessions.toLocaleString(language)}
            </Text>
          </Group>
          <Progress
            value={i === 0 ? (row.sessions > 0 ? 100 : 0) : (row.fromFirst ?? 0) * 100}
            size="lg"
            radius="sm"
            aria-label={t(`boInsight.steps.${row.step}`)}
          />
          {i > 0 && (
            <Text size="sm" c="dimmed">
              {t('boInsight.funnel.conversion', {
                previous: formatShare(row.fromPrevious, language),
                first: formatShare(row.fromFirst, language),
              })}
            </Text>
          )}
        </Stack>
      ))}
    </Stack>
  );
}

function Channels({ data }: { data: FunnelResponse }) {
  const { t } = useTranslation();
  const { language } = useLocale();
  return (
    <Table verticalSpacing="xs" data-testid="funnel-channels">
      <TableHead
        textKeys="boInsight.fields"
        cells={['channel', { key: 'booked', align: 'right' }, { key: 'paid', align: 'right' }]}
      />
      <Table.Tbody>
        {data.channels.map((row) => (
          <Table.Tr key={row.channel} data-testid="funnel-channel" data-channel={row.channel}>
            <Table.Td>{t(`boInsight.channels.${row.channel}`)}</Table.Td>
            <Table.Td ta="right">{row.booked.toLocaleString(language)}</Table.Td>
            <Table.Td ta="right">{row.paid.toLocaleString(language)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

// /admin/insight: the portal's sessions from search to a paid booking, each step's count and conversion, and the
// bookings of every channel beside them (the widget shop and the API have no sessions)
export function FunnelPage() {
  const { t } = useTranslation();
  const list = useListParams(INSIGHT_PARAMS);
  const { filters } = list;
  const funnel = useFunnel(insightFilters(filters));
  return (
    <InsightPage page="funnel" list={list} shows={{ tour: true, channel: true }} period={funnel.data?.period}>
      <ListResults query={funnel} isEmpty={() => false} empty="">
        {(data) => (
          <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
            <Section
              title={t('boInsight.funnel.stepsTitle')}
              hint={t('boInsight.funnel.stepsHint')}
              testId="funnel-section"
            >
              <Steps data={data} />
            </Section>
            <Section
              title={t('boInsight.funnel.channelsTitle')}
              hint={t('boInsight.funnel.channelsHint')}
              testId="funnel-channels-section"
            >
              <Channels data={data} />
            </Section>
          </SimpleGrid>
        )}
      </ListResults>
    </InsightPage>
  );
}
