import { useMutation } from '@tanstack/react-query';
import { balanceRoutes } from '@portal/contract';
import { downloadFromApi } from '@/lib/download';
import { useLocale } from '@/lib/locale';

const statementFileName = (from: string, to: string) => `statement-${from}-${to}.xlsx`;

// GET /b2b/balance/statement/xlsx: the period's statement as a spreadsheet, in the language on screen
export function useDownloadStatement() {
  const { language } = useLocale();
  return useMutation({
    mutationFn: ({ from, to }: { from: string; to: string }) => {
      const query = new URLSearchParams({ from, to, language });
      return downloadFromApi(`${balanceRoutes.statementXlsx.path}?${query.toString()}`, statementFileName(from, to));
    },
  });
}
