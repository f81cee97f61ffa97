// What other modules may use of documents (module faces: nothing else is imported from outside this folder)
export { formatMoney, includedVatMinor } from './document-format.ts';
export { issuerOf, type DocumentIssuer } from './issuer.ts';
export type { BookingDocumentInput, BookingDocumentKind } from './booking-pdf.ts';
export type { ReconciliationXlsxRow } from './reconciliation-xlsx.ts';
// the PDFs and sheets load on first use: pdfkit and the xlsx writer would add about half a second to every start
export const loadBookingPdf = () => import('./booking-pdf.ts');
export const loadMonthlyInvoicePdf = () => import('./monthly-invoice-pdf.ts');
export const loadStatementPdf = () => import('./statement-pdf.ts');
export const loadBookingsXlsx = () => import('./bookings-xlsx.ts');
export const loadCommissionsXlsx = () => import('./commissions-xlsx.ts');
export const loadStatementXlsx = () => import('./statement-xlsx.ts');
export const loadReconciliationXlsx = () => import('./reconciliation-xlsx.ts');
