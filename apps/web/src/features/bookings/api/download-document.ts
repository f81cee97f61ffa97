import { useMutation } from '@tanstack/react-query';
import { downloadFromApi } from '@/lib/download';

export type BookingDocumentKind = 'voucher' | 'tickets' | 'invoice';
export type DownloadDocumentInput = { path: string; kind: BookingDocumentKind; reference: string };

// The voucher, tickets and invoice are PDFs behind the bearer token
export function useDownloadDocument() {
  return useMutation({
    mutationFn: ({ path, kind, reference }: DownloadDocumentInput) => downloadFromApi(path, `${kind}-${reference}.pdf`),
  });
}
