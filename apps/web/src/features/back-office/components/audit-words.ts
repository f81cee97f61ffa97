import type { AuditAction, AuditChange } from '@portal/contract';
import { AgencyStatus, BookingStatus, TopUpStatus } from '@portal/contract';
import type { TFunction } from '@/lib/i18n';
import type { AuditWords } from '@/components/audit-history';

const LANGUAGE_SUFFIX = /^(.+)\.(en|ru)$/;
// a slot's change is named '2026-11-28 10:00.capacity' (or '2026-11-28.left' for an all-day slot)
const SLOT_PREFIX = /^(\d{4}-\d{2}-\d{2}(?: \d{2}:\d{2})?)\.(.+)$/;

// 'title.ru' → 'Title (RU)', '2026-11-28 10:00.capacity' → '2026-11-28 10:00: Stock', 'status' → 'Status'
function fieldName(t: TFunction, field: string): string {
  const label = (name: string) => t(`backOffice.audit.fields.${name}`, { defaultValue: name });
  const slot = SLOT_PREFIX.exec(field);
  if (slot) return `${slot[1]}: ${label(slot[2] ?? '')}`;
  const localized = LANGUAGE_SUFFIX.exec(field);
  if (localized) return `${label(localized[1] ?? '')} (${(localized[2] ?? '').toUpperCase()})`;
  return label(field);
}

const AGENCY_STATUSES = new Set<string>(AgencyStatus.options);
const OTHER_STATUSES = new Set<string>([...BookingStatus.options, ...TopUpStatus.options]);

// How the back office names audit entries: actions and fields in its own words, codes (statuses, booleans) translated
export function backOfficeAuditWords(t: TFunction, empty: string): AuditWords {
  const value = (change: AuditChange, stored: string | null) => {
    if (stored === null) return '—';
    if (stored === 'true' || stored === 'false') return t(`backOffice.audit.boolean.${stored}`);
    // an agency's status, else a booking's or a top-up's (SPEC §4 display names); an unknown code as stored
    if (change.field === 'status') {
      if (AGENCY_STATUSES.has(stored)) return t(`backOffice.statuses.${stored}`);
      if (OTHER_STATUSES.has(stored)) return t(`backOffice.audit.statusValues.${stored}`);
    }
    return stored;
  };
  return {
    action: (action: AuditAction) => t(`backOffice.audit.actions.${action}`, { defaultValue: action }),
    field: (field: string) => fieldName(t, field),
    value,
    empty,
    paginationKeys: 'backOffice.pagination',
    showSubject: true,
  };
}
