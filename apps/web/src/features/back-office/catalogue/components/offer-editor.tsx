import { Divider, Modal } from '@mantine/core';
import type { AdminOffer } from '@portal/contract';
import { useTranslation } from '@/lib/i18n';
import { OfferRulesForm } from './offer-rules-form';
import { PricesEditor } from './prices-editor';
import { useIsPhone } from '@/lib/use-is-phone';

type OfferEditorProps = {
  tourId: number;
  offer: AdminOffer | null;
  ticketTypes: { value: string; label: string }[];
  onClose: () => void;
  onCreated: (offerId: number) => void;
};

// An offer (option) of a tour: its rules, cancellation tiers and price periods. Prices are saved apart from the rules
// and only once the offer exists; bookings keep the prices they were made at.
export function OfferEditor({ tourId, offer, ticketTypes, onClose, onCreated }: OfferEditorProps) {
  const { t } = useTranslation();
  const isPhone = useIsPhone();
  return (
    <Modal
      opened
      onClose={onClose}
      size="xl"
      fullScreen={isPhone}
      title={offer ? offer.name.en : t('boCatalogue.offer.newTitle')}
    >
      <OfferRulesForm tourId={tourId} offer={offer} ticketTypes={ticketTypes} onCreated={onCreated} />
      {offer ? (
        <>
          <Divider my="lg" />
          <PricesEditor tourId={tourId} offer={offer} />
        </>
      ) : null}
    </Modal>
  );
}
