import { Button, Group, Text, Tooltip } from '@mantine/core';
import { IconFileInvoice, IconFileSpreadsheet, IconFileText } from '@tabler/icons-react';
import { monthRange } from '@portal/contract';
import type { BalanceSummaryResponse } from '@portal/contract';
import { useTranslation } from 'react-i18next';
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

// The summary's "report" (SPEC §3): the month's statement as a PDF, and its reconciliation as a spreadsheet
export function MonthReport({ row }: { row: Row }) {
  const { t } = useTranslation();
  const download = useDownloadStatement();
  const reconciliation = useDownloadReconciliation();
  return (
    <Group gap={4} wrap="nowrap">
      <Button
        variant="subtle"
        size="compact-sm"
        leftSection={<IconFileText size={16} />}
        loading={download.isPending}
        onClick={() => download.mutate({ ...monthRange(row), format: 'pdf' })}
        data-testid="month-report"
      >
        {t('balance.summary.reportPdf')}
      </Button>
      <Tooltip label={t('balance.summary.reconciliationTip')} openDelay={400}>
        <Button
          variant="subtle"
          size="compact-sm"
          leftSection={<IconFileSpreadsheet size={16} />}
          loading={reconciliation.isPending}
          onClick={() => reconciliation.mutate({ year: row.year, month: row.month })}
          data-testid="month-reconciliation"
        >
          xlsx
        </Button>
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
      <Button
        variant="subtle"
        size="compact-sm"
        leftSection={<IconFileInvoice size={16} />}
        loading={download.isPending}
        onClick={() =>
          download.mutate({ kind: 'taxInvoice', year: row.year, month: row.month, number: invoice.number })
        }
        data-testid="month-tax-invoice"
      >
        {invoice.number ?? t('balance.summary.taxInvoicePdf')}
      </Button>
    </Tooltip>
  );
}

// A proforma while the month is open (what its tax invoice bills so far)
export function MonthProforma({ row }: { row: Row }) {
  const { t } = useTranslation();
  const download = useDownloadMonthDocument();
  if (row.taxInvoice.status !== 'proforma') return dash;
  return (
    <Button
      variant="subtle"
      size="compact-sm"
      leftSection={<IconFileInvoice size={16} />}
      loading={download.isPending}
      onClick={() => download.mutate({ kind: 'proforma', year: row.year, month: row.month, number: null })}
      data-testid="month-proforma"
    >
      {t('balance.summary.proformaPdf')}
    </Button>
  );
}
