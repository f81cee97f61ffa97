import { useState } from 'react';
import { Button, Group } from '@mantine/core';
import type { BookingView } from '@portal/contract';
import { IconFileInvoice, IconTicket, IconFileTypePdf } from '@tabler/icons-react';
import { useTranslation } from '@/lib/i18n';
import { useDownloadDocument } from '../api/download-document';
import type { BookingDocumentKind } from '../api/download-document';

const KINDS: { kind: BookingDocumentKind; icon: typeof IconFileTypePdf }[] = [
  { kind: 'voucher', icon: IconFileTypePdf },
  { kind: 'tickets', icon: IconTicket },
  { kind: 'invoice', icon: IconFileInvoice },
];

// SPEC §2 booking confirmation: voucher, tickets and invoice downloads (PDFs behind the bearer token)
export function DocumentButtons({ booking }: { booking: BookingView }) {
  const { t } = useTranslation();
  const download = useDownloadDocument();
  const [active, setActive] = useState<BookingDocumentKind | null>(null);
  const { documents } = booking;
  if (!documents) return null;

  return (
    <Group gap="sm" data-testid="documents">
      {KINDS.map(({ kind, icon: Icon }) => {
        const path = documents[kind];
        if (!path) return null;
        return (
          <Button
            key={kind}
            variant={kind === 'voucher' ? 'filled' : 'light'}
            leftSection={<Icon size={18} />}
            loading={download.isPending && active === kind}
            onClick={() => {
              setActive(kind);
              download.mutate({ path, kind, reference: booking.reference });
            }}
            data-testid={`download-${kind}`}
          >
            {t(`bookings.documents.${kind}`)}
          </Button>
        );
      })}
    </Group>
  );
}
