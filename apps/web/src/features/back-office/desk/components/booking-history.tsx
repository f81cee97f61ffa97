import { Group, List, Stack, Text } from '@mantine/core';
import { BookingStatus, type AdminAuditEntry, type AuditChange } from '@portal/contract';
import { useTranslation } from '@/lib/i18n';
import { formatDateTime } from '@/lib/format';
import { useLocale } from '@/lib/locale';

const BOOKING_STATUSES: ReadonlySet<string> = new Set(BookingStatus.options);

// The operator's changes to a booking (quote, decline, cancellation with its fee, refund and reason), newest first
export function BookingHistory({ entries }: { entries: readonly AdminAuditEntry[] }) {
  const { t } = useTranslation();
  const { language } = useLocale();
  const value = (change: AuditChange, stored: string | null) => {
    if (stored === null) return '—';
    if (change.field === 'status' && BOOKING_STATUSES.has(stored)) return t(`boDesk.statuses.${stored}`);
    if (change.field === 'refundTo') return t(`boDesk.paymentMethods.${stored}`, { defaultValue: stored });
    if (change.field === 'quoteExpiresAt') return formatDateTime(stored, language);
    return stored;
  };
  if (entries.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {t('boDesk.booking.noHistory')}
      </Text>
    );
  return (
    <Stack gap="md" data-testid="booking-history">
      {entries.map((entry) => (
        <Stack key={entry.id} gap={4} data-testid="history-entry" data-action={entry.action}>
          <Group gap="xs" wrap="wrap">
            <Text size="sm" fw={600}>
              {t(`backOffice.audit.actions.${entry.action}`, { defaultValue: entry.action })}
            </Text>
            <Text size="sm" c="dimmed">
              {formatDateTime(entry.at, language)} · {entry.actorName}
            </Text>
          </Group>
          <List size="sm" spacing={2}>
            {entry.changes.map((change) => (
              <List.Item key={change.field}>
                {t(`boDesk.auditFields.${change.field}`, { defaultValue: change.field })}:{' '}
                {change.from !== null && `${value(change, change.from)} → `}
                {value(change, change.to)}
              </List.Item>
            ))}
          </List>
        </Stack>
      ))}
    </Stack>
  );
}
