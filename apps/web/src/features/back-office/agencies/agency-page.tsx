import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/page-header';
import { useDocumentPageTitle } from '@/components/page-title';

export function AgencyPage() {
  const { t } = useTranslation();
  useDocumentPageTitle(t('backOffice.agencies.title'));
  return (
    <Stack gap="lg">
      <PageHeader title={t('backOffice.agencies.title')} subtitle={t('backOffice.agencies.subtitle')} />
    </Stack>
  );
}
