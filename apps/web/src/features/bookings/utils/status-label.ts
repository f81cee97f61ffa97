import { useCallback } from 'react';
import type { BookingStatus } from '@portal/contract';
import { useTranslation } from '@/lib/i18n';

// SPEC §4 display names (the contract's BOOKING_STATUS_LABELS, in the UI language): the one place a booking status
// becomes words, for badges, filters, titles and alerts alike
export function useStatusLabel(): (status: BookingStatus) => string {
  const { t } = useTranslation();
  return useCallback((status: BookingStatus) => t(`bookings.status.${status}`), [t]);
}
