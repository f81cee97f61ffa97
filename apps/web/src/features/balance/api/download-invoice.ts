import { useMutation, useQueryClient } from '@tanstack/react-query';
import { balanceRoutes } from '@portal/contract';
import { buildPath, monthKey } from '@portal/contract/plain';
import { downloadFromApi, downloadNamedByServer } from '@/lib/download';
import { useLocale } from '@/lib/locale';
import { moneyKeys } from './keys';

export type MonthDocument = { kind: 'taxInvoice' | 'proforma'; year: number; month: number; number: string | null };

const fileName = ({ kind, year, month, number }: MonthDocument) =>
  kind === 'taxInvoice' && number
    ? `tax-invoice-${number}.pdf`
    : `${kind === 'taxInvoice' ? 'tax-invoice' : 'proforma'}-${monthKey({ year, month })}.pdf`;

// SPEC §9 the month's tax invoice (in the agency's language, issued on first download) or the proforma of a month not
// closed yet (in the language on screen)
export function useDownloadMonthDocument() {
  const { language } = useLocale();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (document: MonthDocument) => {
      const params = { year: document.year, month: document.month };
      if (document.kind === 'proforma') {
        const query = new URLSearchParams({ language }).toString();
        return downloadFromApi(`${buildPath(balanceRoutes.proformaPdf.path, params)}?${query}`, fileName(document));
      }
      // the first download issues the invoice: its number (in the server's file name) is known only now
      return downloadNamedByServer(buildPath(balanceRoutes.taxInvoicePdf.path, params), fileName(document));
    },
    // a tax invoice issued by this download now has its number
    onSuccess: (_blob, document) => {
      if (document.kind === 'taxInvoice')
        void queryClient.invalidateQueries({ queryKey: moneyKeys.summary(document.year) });
    },
  });
}

// The month's reconciliation (every entry with its booking or top-up, margin, VAT, running balance) as a spreadsheet
export function useDownloadReconciliation() {
  const { language } = useLocale();
  return useMutation({
    mutationFn: ({ year, month }: { year: number; month: number }) => {
      const path = buildPath(balanceRoutes.reconciliationXlsx.path, { year, month });
      const query = new URLSearchParams({ language }).toString();
      return downloadFromApi(`${path}?${query}`, `reconciliation-${monthKey({ year, month })}.xlsx`);
    },
  });
}
