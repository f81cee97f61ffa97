import { Badge, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { isUuid } from '@portal/contract/plain';
import type { AdminAgencyDetail } from '@portal/contract';
import { useTranslation } from '@/lib/i18n';
import { Navigate, useParams } from 'react-router';
import { QueryContent } from '@/components/query-content';
import { useDocumentPageTitle } from '@/components/page-title';
import { paths } from '@/config/paths';
import { formatDate, formatDateTime } from '@/lib/format';
import { useLocale } from '@/lib/locale';
import { useAdminAgency } from '../api/agencies';
import { ListTable, type ListColumn } from '../components/list-table';
import { ObjectHistory } from '../components/object-history';
import { AdjustmentForm } from './components/adjustment-form';
import { AgencyStatement } from './components/agency-statement';
import { AgencyStatusBadge } from './components/agency-status-badge';
import { DecisionPanel } from './components/decision-panel';
import { DocumentPreview } from './components/document-preview';
import { SettingsForm } from './components/settings-form';
import { AgencyApiKeys } from './components/agency-api-keys';
import { AgencyReplays } from '../replay/replay-sessions';
import { LabelledValue } from '@/components/labelled-value';
import { Section } from '../components/section';
import { BackLink } from '@/components/back-link';
import { columnsUnder } from '../components/list-columns';

function Review({ agency }: { agency: AdminAgencyDetail }) {
  const { t } = useTranslation();
  const { language } = useLocale();
  const d = agency.details;
  return (
    <Section title={t('backOffice.agency.review')} testId="agency-review" gap="md">
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="sm">
        <LabelledValue label={t('backOffice.agency.licenceNumber')} isPlain isDashWhenEmpty>
          {d.tradeLicenseNumber}
        </LabelledValue>
        <LabelledValue label={t('backOffice.agency.licenceExpiry')} isPlain isDashWhenEmpty>
          {formatDate(d.tradeLicenseExpiry, language)}
        </LabelledValue>
        <LabelledValue label={t('backOffice.agency.trn')} isPlain isDashWhenEmpty>
          {d.trnNumber}
        </LabelledValue>
        <LabelledValue label={t('backOffice.agency.address')} isPlain isDashWhenEmpty>
          {`${d.address}, ${d.city}, ${d.country}`}
        </LabelledValue>
        <LabelledValue label={t('backOffice.agency.language')} isPlain isDashWhenEmpty>
          {agency.language.toUpperCase()}
        </LabelledValue>
        <LabelledValue label={t('backOffice.agencies.signedUp')} isPlain isDashWhenEmpty>
          {formatDateTime(agency.createdAt, language)}
        </LabelledValue>
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <DocumentPreview label={t('backOffice.agency.tradeLicence')} file={d.files.tradeLicense.current} />
        <DocumentPreview label={t('backOffice.agency.vatCertificate')} file={d.files.vatCertificate.current} />
      </SimpleGrid>
    </Section>
  );
}

type Agent = AdminAgencyDetail['agents'][number];

function Agents({ agency }: { agency: AdminAgencyDetail }) {
  const { t } = useTranslation();
  const { language } = useLocale();
  const column = columnsUnder<Agent>(t, 'backOffice.agency');
  const columns: ListColumn<Agent>[] = [
    column('agentName', (agent) => agent.name),
    column('agentEmail', (agent) => agent.email, { tdProps: { style: { overflowWrap: 'anywhere' } } }),
    column('agentRole', (agent) => (
      <>
        <Badge variant="light" size="sm">
          {t(`backOffice.roles.${agent.role}`)}
        </Badge>
        {agent.status === 'deleted' && (
          <Badge variant="outline" color="gray" size="sm" ml={4}>
            {t('backOffice.agency.deleted')}
          </Badge>
        )}
      </>
    )),
    column('lastLogin', (agent) => (agent.lastLoginAt ? formatDateTime(agent.lastLoginAt, language) : '—')),
  ];
  return (
    <Section title={t('backOffice.agency.agents')} testId="agency-agents">
      <ListTable
        rows={agency.agents}
        columns={columns}
        minWidth={520}
        variant="compact"
        rowProps={(agent) => ({ style: { opacity: agent.status === 'deleted' ? 0.5 : 1 } })}
      />
    </Section>
  );
}

// /admin/agencies/:id: a sign-up's review (its documents inline) and decision, then the agency's account and
// permissions, a manual adjustment, its agents, its statement, its recorded sessions and every change made to it
export function AgencyPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const agency = useAdminAgency(id);
  useDocumentPageTitle(agency.data?.name ?? t('backOffice.agencies.title'));
  if (!isUuid(id)) return <Navigate to={paths.notFound.getHref()} replace />;
  return (
    <Stack gap="lg" data-testid="agency-page">
      <BackLink to={paths.backOffice.agencies.getHref()}>{t('backOffice.agencies.title')}</BackLink>
      <QueryContent query={agency} loading={<Skeleton height={300} />}>
        {(data) => (
          <>
            <Group justify="space-between" align="flex-start" gap="sm">
              <Stack gap={4}>
                <Title order={1} style={{ overflowWrap: 'anywhere' }}>
                  {data.name}
                </Title>
                <Group gap="xs">
                  <AgencyStatusBadge status={data.status} />
                  <Text size="sm" c="dimmed">
                    {data.siteId} · {data.currency.toUpperCase()}
                  </Text>
                </Group>
              </Stack>
              <DecisionPanel agency={data} />
            </Group>
            <Review agency={data} />
            <SettingsForm key={`${data.id}:${data.siteId}:${data.currency}:${data.creditLimit}`} agency={data} />
            <AgencyApiKeys agency={data} />
            <AdjustmentForm agency={data} />
            <Agents agency={data} />
            <AgencyStatement agency={data} />
            <AgencyReplays agencyId={data.id} />
            <ObjectHistory filter={{ agencyId: data.id }} testId="agency-history" />
          </>
        )}
      </QueryContent>
    </Stack>
  );
}
