import { useMutation } from '@tanstack/react-query';
import { balanceRoutes } from '@portal/contract';
import { downloadFromApi } from '@/lib/download';
import { useLocale } from '@/lib/locale';

export type StatementFormat = 'xlsx' | 'pdf';
const ROUTES = { xlsx: balanceRoutes.statementXlsx, pdf: balanceRoutes.statementPdf } as const;

// GET /b2b/balance/statement/xlsx|pdf: the period's statement as a spreadsheet or a PDF, in the language on screen
// (a month's statement is the summary's monthly report)
export function useDownloadStatement() {
  const { language } = useLocale();
  return useMutation({
    mutationFn: ({ from, to, format = 'xlsx' }: { from: string; to: string; format?: StatementFormat }) => {
      const query = new URLSearchParams({ from, to, language });
      return downloadFromApi(`${ROUTES[format].path}?${query.toString()}`, `statement-${from}-${to}.${format}`);
    },
  });
}
