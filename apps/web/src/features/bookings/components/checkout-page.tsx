import { Alert, Button, Container, Stack, Title } from '@mantine/core';
import { confirmationMode } from '@portal/contract';
import { IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from '@/lib/i18n';
import { useLocale } from '@/lib/locale';
import { Link } from 'react-router';
import { SectionSpinner } from '@/components/page-spinner';
import { useDocumentPageTitle } from '@/components/page-title';
import { paths } from '@/config/paths';
import { useAgencyCurrency } from '@/lib/me';
import { useCheckoutTour } from '../api/get-checkout-tour';
import { useOfferPrice } from '../api/get-offer-price';
import { useOfferSlots } from '../api/get-offer-slots';
import { usePromoCode } from '../api/get-promo-code';
import type { CheckoutSelection } from '../hooks/use-checkout-query';
import { CheckoutForm } from './checkout-form';

function InvalidSelection() {
  const { t } = useTranslation();
  return (
    <Alert
      color="yellow"
      icon={<IconInfoCircle size={20} />}
      title={t('checkout.invalid.title')}
      data-testid="checkout-invalid"
    >
      <Stack gap="sm" align="flex-start">
        {t('checkout.invalid.text')}
        <Button component={Link} to={paths.home.getHref()} variant="light">
          {t('nav.newBooking')}
        </Button>
      </Stack>
    </Alert>
  );
}

// SPEC §2 checkout for the tour page's selection (tour, offer, date, time, people, promo, mode)
export function CheckoutPage({ selection }: { selection: CheckoutSelection }) {
  const { t } = useTranslation();
  useDocumentPageTitle(t('checkout.title'));
  const tour = useCheckoutTour(selection.tourId);
  const offer = tour.data?.offers.find((o) => o.id === selection.offerId) ?? null;
  const agency = useAgencyCurrency();
  const price = useOfferPrice(offer?.id ?? null, selection.date, agency.currency, !agency.isLoading);
  const slots = useOfferSlots(offer?.id ?? null, selection.date);
  // the tour page showed the language's currency: when the account's differs, the checkout says what that was
  const { currency: shownCurrency } = useLocale();
  const isOtherCurrency = !agency.isLoading && shownCurrency !== agency.currency;
  const shownPrice = useOfferPrice(offer?.id ?? null, selection.date, shownCurrency, isOtherCurrency);
  const promo = usePromoCode(selection.promoCode);
  const isSelectionValid = selection.tourId !== '' && selection.offerId !== null && selection.date !== '';

  let body;
  if (!isSelectionValid || (tour.data && !offer) || tour.isError) body = <InvalidSelection />;
  else if (!tour.data || !offer || agency.isLoading || slots.isLoading || price.isLoading || promo.isLoading)
    body = <SectionSpinner />;
  else {
    const isTimeslots = offer.availabilityType === 'timeslots';
    const row = slots.data?.find((r) => (isTimeslots ? r.time === selection.time : r.time === null)) ?? null;
    // SPEC §5/§8: not instant or past the cut-off → a quotation request; the tour page's mode=request is kept too
    const isRequest = selection.isRequestMode || (row ? confirmationMode(offer, row) === 'request' : !offer.isInstant);
    body = (
      <CheckoutForm
        tour={tour.data}
        offer={offer}
        selection={selection}
        slot={row}
        isRequest={isRequest}
        price={price.data ?? null}
        currency={agency.currency}
        promo={promo.data ?? null}
        shownPrice={isOtherCurrency ? (shownPrice.data ?? null) : null}
      />
    );
  }

  return (
    <Container size="xl" py={{ base: 'lg', md: 'xl' }}>
      <Stack gap="lg">
        <Title order={1}>{t('checkout.title')}</Title>
        {body}
      </Stack>
    </Container>
  );
}
