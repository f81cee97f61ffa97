import { useMutation } from '@tanstack/react-query';
import { insightAdminRoutes as routes } from '@portal/contract';
import type {
  AgencyActivityQuery,
  FunnelQuery,
  InsightExportFormat,
  SalesQuery,
  UnservedDemandQuery,
} from '@portal/contract';
import { useChoicesQuery } from '../../hooks/use-choices-query';
import { useListQuery } from '@/lib/use-list-query';
import { downloadFromApi } from '@/lib/download';
import { todayInDubai } from '@/lib/format';
import { useLocale } from '@/lib/locale';

// Query keys of the Insight pages, under the back office's root so its refresh reaches them too
const root = ['back-office', 'insight'] as const;
const insightKeys = {
  options: () => [...root, 'options'] as const,
  funnel: (query: FunnelQuery) => [...root, 'funnel', query] as const,
  agencies: (query: AgencyActivityQuery) => [...root, 'agencies', query] as const,
  demand: (query: UnservedDemandQuery) => [...root, 'demand', query] as const,
  sales: (query: SalesQuery) => [...root, 'sales', query] as const,
};

// GET /admin/insight/options: the sites and tours the filters offer
export function useInsightOptions() {
  return useChoicesQuery(insightKeys.options(), routes.options);
}

// GET /admin/insight/funnel
export function useFunnel(query: FunnelQuery) {
  return useListQuery(insightKeys.funnel(query), routes.funnel, { query });
}

// GET /admin/insight/agencies, a page at a time
export function useAgencyActivity(query: AgencyActivityQuery) {
  return useListQuery(insightKeys.agencies(query), routes.agencies, { query });
}

// GET /admin/insight/demand, a page at a time
export function useUnservedDemand(query: UnservedDemandQuery) {
  return useListQuery(insightKeys.demand(query), routes.demand, { query });
}

// GET /admin/insight/sales
export function useSales(query: SalesQuery) {
  return useListQuery(insightKeys.sales(query), routes.sales, { query });
}

export type InsightPageName = 'funnel' | 'agencies' | 'demand' | 'sales';
const EXPORTS = {
  funnel: routes.funnelExport,
  agencies: routes.agenciesExport,
  demand: routes.demandExport,
  sales: routes.salesExport,
} as const;

type ExportInput = {
  format: InsightExportFormat;
  query: Record<string, string | number | undefined>;
  // the period the page shows (its file is named after it)
  period: { from: string; to: string } | undefined;
};

// A page's rows as CSV or xlsx with its filters (every row, not only the page shown), headers in the page's language
export function useInsightExport(page: InsightPageName) {
  const { language } = useLocale();
  return useMutation({
    mutationFn: ({ format, query, period }: ExportInput) => {
      const days = period ? `${period.from}-${period.to}` : todayInDubai();
      return downloadFromApi(EXPORTS[page].path, `insight-${page}-${days}.${format}`, {
        query: { ...query, format, language },
      });
    },
  });
}
