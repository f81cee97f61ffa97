import { Button, Group, Text, Tooltip } from '@mantine/core';
import { IconFileInvoice, IconFileSpreadsheet, IconFileText } from '@tabler/icons-react';
import { monthRange } from '@portal/contract';
import type { BalanceSummaryResponse } from '@portal/contract';
import type { ComponentPropsWithRef } from 'react';
import { useTranslation } from '@/lib/i18n';
import { formatDate } from '@/lib/format';
import { useLocale } from '@/lib/locale';
import { useDownloadMonthDocument, useDownloadReconciliation } from '../api/download-invoice';
import { useDownloadStatement } from '../api/download-statement';

type Row = BalanceSummaryResponse['rows'][number];

const dash = (
  <Text span c="dimmed">
    —
  </Text>
);

// One of a month's documents in the summary: a small button that downloads it. The rest of the props (a tooltip's
// ref and handlers) go to the button.
function DocumentButton({
  icon: Icon,
  isLoading,
  testId,
  ...button
}: {
  icon: typeof IconFileText;
  isLoading: boolean;
  testId: string;
} & ComponentPropsWithRef<'button'>) {
  return (
    <Button
      variant="subtle"
      size="compact-sm"
      leftSection={<Icon size={16} />}
      loading={isLoading}
      data-testid={testId}
      {...button}
    />
  );
}

// The summary's "report" (SPEC §3): the month's statement as a PDF, and its reconciliation as a spreadsheet
export function MonthReport({ row }: { row: Row }) {
  const { t } = useTranslation();
  const download = useDownloadStatement();
  const reconciliation = useDownloadReconciliation();
  return (
    <Group gap={4} wrap="nowrap">
      <DocumentButton
        icon={IconFileText}
        isLoading={download.isPending}
        onClick={() => download.mutate({ ...monthRange(row), format: 'pdf' })}
        testId="month-report"
      >
        {t('balance.summary.reportPdf')}
      </DocumentButton>
      <Tooltip label={t('balance.summary.reconciliationTip')} openDelay={400}>
        <DocumentButton
          icon={IconFileSpreadsheet}
          isLoading={reconciliation.isPending}
          onClick={() => reconciliation.mutate({ year: row.year, month: row.month })}
          testId="month-reconciliation"
        >
          xlsx
        </DocumentButton>
      </Tooltip>
    </Group>
  );
}

// SPEC §9 the month's tax invoice: its number once issued, a download once the month is closed, else when it comes
export function MonthTaxInvoice({ row }: { row: Row }) {
  const { t } = useTranslation();
  const { language } = useLocale();
  const download = useDownloadMonthDocument();
  const invoice = row.taxInvoice;
  if (invoice.status === 'none') return dash;
  if (invoice.status === 'proforma')
    return (
      <Text span size="xs" c="dimmed" data-testid="month-tax-invoice-pending">
        {t('balance.summary.invoiceFrom', { date: formatDate(invoice.availableFrom, language) })}
      </Text>
    );
  return (
    <Tooltip label={t('balance.summary.invoiceTip')} openDelay={400}>
      <DocumentButton
        icon={IconFileInvoice}
        isLoading={download.isPending}
        onClick={() =>
          download.mutate({ kind: 'taxInvoice', year: row.year, month: row.month, number: invoice.number })
        }
        testId="month-tax-invoice"
      >
        {invoice.number ?? t('balance.summary.taxInvoicePdf')}
      </DocumentButton>
    </Tooltip>
  );
}

// A proforma while the month is open (what its tax invoice bills so far)
export function MonthProforma({ row }: { row: Row }) {
  const { t } = useTranslation();
  const download = useDownloadMonthDocument();
  if (row.taxInvoice.status !== 'proforma') return dash;
  return (
    <DocumentButton
      icon={IconFileInvoice}
      isLoading={download.isPending}
      onClick={() => download.mutate({ kind: 'proforma', year: row.year, month: row.month, number: null })}
      testId="month-proforma"
    >
      {t('balance.summary.proformaPdf')}
    </DocumentButton>
  );
}
