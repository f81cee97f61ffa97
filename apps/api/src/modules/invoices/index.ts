// What other modules may use of invoices (module faces: nothing else is imported from outside this folder)
export {
  issueDueInvoices,
  issueMonthlyInvoice,
  monthInvoices,
  proformaPdf,
  taxInvoicePdf,
  type Month,
} from './invoices.service.ts';
