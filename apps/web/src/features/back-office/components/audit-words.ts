import type { AuditAction, AuditChange } from '@portal/contract';
import type { TFunction } from 'i18next';
import type { AuditWords } from '@/components/audit-history';

// How the back office names audit entries: actions and fields in its own words, codes (statuses, booleans) translated
export function backOfficeAuditWords(t: TFunction, empty: string): AuditWords {
  const value = (change: AuditChange, stored: string | null) => {
    if (stored === null) return '—';
    if (stored === 'true' || stored === 'false') return t(`backOffice.audit.boolean.${stored}`);
    if (change.field === 'status') return t(`backOffice.statuses.${stored}`, { defaultValue: stored });
    return stored;
  };
  return {
    action: (action: AuditAction) => t(`backOffice.audit.actions.${action}`, { defaultValue: action }),
    field: (field: string) => t(`backOffice.audit.fields.${field}`, { defaultValue: field }),
    value,
    empty,
    paginationKeys: 'backOffice.pagination',
    showSubject: true,
  };
}
