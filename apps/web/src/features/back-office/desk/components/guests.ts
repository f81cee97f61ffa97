import type { TFunction } from '@/lib/i18n';

// "2 ad. · 1 ch.": the adults, and the children and infants when there are any
export function guestsText(t: TFunction, people: { adults: number; children: number; infants: number }): string {
  const parts = [t('boDesk.people.adults', { count: people.adults })];
  if (people.children > 0) parts.push(t('boDesk.people.children', { count: people.children }));
  if (people.infants > 0) parts.push(t('boDesk.people.infants', { count: people.infants }));
  return parts.join(' · ');
}
