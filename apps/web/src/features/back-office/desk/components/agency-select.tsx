import { Select } from '@mantine/core';
import { useTranslation } from '@/lib/i18n';
import { useAdminAgencies } from '../../api/agencies';

// Narrow a desk list to one agency, chosen by name
export function AgencySelect({ value, onChange }: { value: string | null; onChange: (id: string | null) => void }) {
  const { t } = useTranslation();
  const agencies = useAdminAgencies({});
  return (
    <Select
      label={t('boDesk.fields.agency')}
      placeholder={t('boDesk.allAgencies')}
      data={(agencies.data ?? []).map((agency) => ({ value: agency.id, label: agency.name }))}
      value={value}
      onChange={onChange}
      searchable
      clearable
      nothingFoundMessage={t('boDesk.noAgency')}
      w={{ base: '100%', sm: 280 }}
      data-testid="agency-filter"
    />
  );
}
