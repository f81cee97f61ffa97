import type { BookingFilters, Language } from '@portal/contract';

const root = ['commissions'] as const;

// Query keys, one factory per resource
export const commissionKeys = {
  all: root,
  list: (filters: BookingFilters, language: Language) => [...root, 'list', filters, language] as const,
  options: (language: Language) => [...root, 'options', language] as const,
};
