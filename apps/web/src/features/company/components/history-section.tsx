import { useState } from 'react';
import type { AuditChange } from '@portal/contract';
import { useTranslation } from '@/lib/i18n';
import { AuditHistory } from '@/components/audit-history';
import { formatDate } from '@/lib/format';
import { useLocale } from '@/lib/locale';
import { useAgencyHistory } from '../api/get-agency-history';
import { fieldLabel } from '../utils/company-text';
import { FormSection } from '@/components/form-section';

const ON_PAGE = 10;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

// Who changed the company's details and documents, newest first (admins)
export function HistorySection() {
  const { t } = useTranslation();
  const { language } = useLocale();
  const [page, setPage] = useState(1);
  const history = useAgencyHistory(page, ON_PAGE);
  const value = (_change: AuditChange, stored: string | null) =>
    stored === null ? t('company.history.empty') : DATE.test(stored) ? formatDate(stored, language) : stored;
  return (
    <FormSection
      title={t('company.history.title')}
      description={t('company.history.subtitle')}
      testId="company-history"
    >
      <AuditHistory
        history={history}
        page={page}
        onPageChange={setPage}
        words={{
          action: (action) => t(`company.history.actions.${action}`, { defaultValue: action }),
          field: fieldLabel,
          value,
          empty: t('company.history.none'),
          paginationKeys: 'company.pagination',
        }}
      />
    </FormSection>
  );
}
