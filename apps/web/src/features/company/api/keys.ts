// Query keys of the company settings, one factory
const root = ['company'] as const;

export const companyKeys = {
  all: root,
  details: () => [...root, 'details'] as const,
  history: (page: number, onPage: number) => [...root, 'history', page, onPage] as const,
  histories: () => [...root, 'history'] as const,
};
