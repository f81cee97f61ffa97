import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/page-header';
import { useDocumentPageTitle } from '@/components/page-title';

export function DashboardPage() {
  const { t } = useTranslation();
  useDocumentPageTitle(t('backOffice.dashboard.title'));
  return (
    <Stack gap="lg">
      <PageHeader title={t('backOffice.dashboard.title')} subtitle={t('backOffice.dashboard.subtitle')} />
    </Stack>
  );
}
