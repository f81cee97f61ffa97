import { useMemo } from 'react';
import { Container, Stack } from '@mantine/core';
import type { TourDetails as TourDetailsData } from '@portal/contract';
import { useTranslation } from '@/lib/i18n';
import { useInsightEvent } from '@/lib/use-insight-event';
import { useChargedPrice, useOffersPrices } from '../api/get-offers-prices';
import { useTourAvailability } from '../api/get-tour-availability';
import { useTourTicketTypes } from '../api/get-tour-ticket-types';
import { useTourSelection } from '../hooks/use-tour-selection';
import { groupByOffer } from '../utils/availability';
import { BookingPanel } from './booking-panel';
import { SectionHeader } from './section-header';
import { TicketOptions } from './ticket-options';
import { TourDetails } from './tour-details';
import { TourGallery } from './tour-gallery';
import { TourCard } from './tour-card';
import { TourHeader } from './tour-header';
import catalogueClasses from './catalogue.module.css';
import classes from './tour-page.module.css';

// SPEC §2 tour page
export function TourPage({ tour }: { tour: TourDetailsData }) {
  const { t } = useTranslation();
  useInsightEvent({ kind: 'tour_view', tourId: tour.id });
  const ticketTypes = useTourTicketTypes(tour.id).data ?? tour.ticketTypes;
  const [selection, update] = useTourSelection(tour, ticketTypes);
  const availability = useTourAvailability(tour.id, selection.date);
  const offerIds = useMemo(() => tour.offers.map((offer) => offer.id), [tour.offers]);
  const prices = useOffersPrices(offerIds, selection.date);
  const slotsByOffer = useMemo(() => groupByOffer(availability.data), [availability.data]);
  const selectedPrice = prices.data?.find((row) => row.offerId === selection.offer?.id && row.date === selection.date);
  const chargedPrice = useChargedPrice(selection.offer?.id ?? null, selection.date);
  const selectedSlots = selection.offer && slotsByOffer ? (slotsByOffer.get(selection.offer.id) ?? []) : undefined;

  return (
    <Container size="xl" py={{ base: 'lg', md: 'xl' }}>
      <Stack gap="xl">
        <TourHeader tour={tour} />
        <TourGallery photos={tour.photos} title={tour.title} />
        <div className={classes.layout}>
          <div className={classes.options}>
            <TicketOptions
              selection={selection}
              onChange={update}
              ticketTypes={ticketTypes}
              slotsByOffer={slotsByOffer}
              prices={prices.data}
              arePricesLoading={prices.isFetching}
            />
          </div>
          <aside className={classes.panel} aria-label={t('catalogue.booking.title')}>
            <div className={classes.panelInner}>
              <BookingPanel
                key={tour.id}
                tourId={tour.id}
                offers={tour.offers}
                selection={selection}
                onChange={update}
                slots={selectedSlots}
                price={selectedPrice}
                chargedPrice={chargedPrice}
              />
            </div>
          </aside>
          <div className={classes.details}>
            <TourDetails tour={tour} />
          </div>
        </div>
        {tour.similarTours.length > 0 && (
          <section aria-labelledby="similar-title">
            <SectionHeader id="similar-title" title={t('catalogue.tour.similar')} />
            <div className={catalogueClasses.strip} role="list" aria-labelledby="similar-title">
              {tour.similarTours.map((similar) => (
                <div key={similar.id} role="listitem">
                  <TourCard tour={similar} price={similar.fromPrice} currency={tour.currencyCode} />
                </div>
              ))}
            </div>
          </section>
        )}
      </Stack>
    </Container>
  );
}
