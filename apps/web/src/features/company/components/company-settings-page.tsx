import { Alert, Container, Skeleton, Stack } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useTranslation } from '@/lib/i18n';
import { PageHeader } from '@/components/page-header';
import { useDocumentPageTitle } from '@/components/page-title';
import { QueryContent } from '@/components/query-content';
import { useAgencyDetails } from '../api/get-agency';
import { CompanyForm } from './company-form';
import { HistorySection } from './history-section';
import { ReplayNotice } from './replay-notice';

function PageSkeleton() {
  return (
    <Stack gap="lg" aria-busy>
      {[0, 1, 2, 3].map((key) => (
        <Skeleton key={key} height={220} radius="md" />
      ))}
    </Stack>
  );
}

// SPEC §2 /my-agencies: the company settings. Every role of the agency reads them; admins edit them, upload the
// documents, see who changed what (SPEC §6) and are told that support replay records their agents (issue 31).
export function CompanySettingsPage() {
  const { t } = useTranslation();
  useDocumentPageTitle(t('company.title'));
  const details = useAgencyDetails();
  return (
    <Container size="lg" py={{ base: 'lg', md: 'xl' }} px={{ base: 'sm', sm: 'md' }} data-testid="company-settings">
      <Stack gap="lg">
        <PageHeader title={t('company.title')} subtitle={t('company.subtitle')} />
        <QueryContent query={details} loading={<PageSkeleton />}>
          {(data) => (
            <>
              {!data.canEdit && (
                <Alert variant="light" color="gray" icon={<IconLock size={18} />} data-testid="company-read-only">
                  {t('company.readOnly')}
                </Alert>
              )}
              {/* a fresh form per agency and per permission: its initial values are the saved details */}
              <CompanyForm key={`${data.id}:${String(data.canEdit)}`} details={data} />
              {data.canEdit && <ReplayNotice details={data} />}
              {data.canEdit && <HistorySection />}
            </>
          )}
        </QueryContent>
      </Stack>
    </Container>
  );
}
