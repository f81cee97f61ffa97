import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/page-header';
import { useDocumentPageTitle } from '@/components/page-title';

export function AuditPage() {
  const { t } = useTranslation();
  useDocumentPageTitle(t('backOffice.audit.title'));
  return (
    <Stack gap="lg">
      <PageHeader title={t('backOffice.audit.title')} subtitle={t('backOffice.audit.subtitle')} />
    </Stack>
  );
}
