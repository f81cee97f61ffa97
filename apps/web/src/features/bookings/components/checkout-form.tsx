import { useState } from 'react';
import { Button, Grid, Paper, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { BOOKING_MESSAGES, checkPeopleAgainstAvailability, siteCharges } from '@portal/contract';
import type {
  AvailabilityRow,
  CreateBookingBody,
  CurrencyCode,
  Hotel,
  Offer,
  OfferPriceRow,
  PromoCodeResponse,
  TourDetails,
} from '@portal/contract';
import { useTranslation } from '@/lib/i18n';
import { useNavigate } from 'react-router';
import { CancellationPolicy } from '@/components/cancellation-policy';
import { paths } from '@/config/paths';
import { applyServerErrors } from '@/lib/form';
import { askedFor, recordInsight } from '@/lib/insight';
import { useInsightEvent } from '@/lib/use-insight-event';
import { translateMessage } from '@/lib/i18n';
import { notify } from '@/lib/notify';
import { useLayoutInfo } from '@/lib/layout-info';
import { useSessionUser } from '@/lib/session';
import { useCreateBooking } from '../api/create-booking';
import type { CheckoutSelection } from '../hooks/use-checkout-query';
import { useIdempotencyKey } from '@/lib/use-idempotency-key';
import { emptyCheckoutValues, loadCheckoutRules, validateCheckout } from '../utils/checkout-form';
import { failureReason } from '../utils/failure-reason';
import type { CheckoutFormValues } from '../utils/checkout-form';
import { netAfterPromo } from '@/lib/pricing';
import { checkoutTotals } from '../utils/checkout-totals';
import { CheckoutSummary } from './checkout-summary';
import { GuestDetailsFields } from './guest-details-fields';
import { PaymentMethodField } from './payment-method-field';
import classes from './checkout.module.css';
import { PendingNotice } from '@/components/pending-notice';
import { ErrorAlert } from '@/components/error-alert';

type CheckoutFormProps = {
  tour: TourDetails;
  offer: Offer;
  selection: CheckoutSelection;
  slot: AvailabilityRow | null;
  isRequest: boolean;
  price: OfferPriceRow | null;
  currency: CurrencyCode;
  promo: PromoCodeResponse | null;
  // the price in the currency the tour page showed, when it is not the account's
  shownPrice?: OfferPriceRow | null;
};

export function CheckoutForm({
  tour,
  offer,
  selection,
  slot,
  isRequest,
  price,
  currency,
  promo,
  shownPrice = null,
}: CheckoutFormProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useSessionUser();
  const create = useCreateBooking();
  const keyFor = useIdempotencyKey();
  const [pickUpHotel, setPickUpHotel] = useState<Hotel | null>(null);
  const [isIncomplete, setIncomplete] = useState(false);
  const [isLeaving, setLeaving] = useState(false);
  const isCardAllowed = (user?.isCreditCardTopupAllowed ?? 1) !== 0;
  const form = useForm<CheckoutFormValues>({
    initialValues: emptyCheckoutValues('balance'),
    validate: validateCheckout(offer, pickUpHotel),
    onValuesChange: () => setIncomplete(false),
  });
  const method = isRequest ? 'balance' : form.values.paymentMethod;
  // the agency's site decides the charges (the contract's one rule, as the server prices), never the currency
  const { data: layout } = useLayoutInfo();
  const charges = siteCharges(user?.siteKind ?? layout?.site.kind ?? 'general');
  const totals = price ? checkoutTotals(offer, price, selection.people, promo?.percent ?? null, method, charges) : null;
  const shownNet = shownPrice ? netAfterPromo(offer, shownPrice, selection.people, promo?.percent ?? null) : null;
  const shown = shownPrice && shownNet !== null ? { amount: shownNet, currency: shownPrice.currencyCode } : null;
  const peopleCheck = slot ? checkPeopleAgainstAvailability(selection.people, slot, offer) : null;
  const isSoldOut = slot?.isSoldOut ?? false;
  // issue 31: the funnel's checkout step, and each refusal by its reason (never the guest's details)
  const asked = askedFor(tour.id, offer.id, selection.date, selection.people);
  useInsightEvent(asked && { kind: 'checkout_started', ...asked });

  const handleValid = (values: CheckoutFormValues) => {
    const body: CreateBookingBody = {
      offerId: offer.id,
      date: selection.date,
      time: selection.time,
      adults: selection.people.adults,
      children: selection.people.children,
      infants: selection.people.infants,
      guest: values.guest,
      promoCode: promo?.code ?? '',
      notes: values.notes,
    };
    const paymentMethod = isRequest ? 'balance' : values.paymentMethod;
    create.mutate(
      { body, paymentMethod, idempotencyKey: keyFor({ body, paymentMethod }) },
      {
        onSuccess: ({ booking }) => {
          setLeaving(true);
          const redirectUrl = paymentMethod === 'card' && !booking.isRequest ? booking.payment?.redirectUrl : null;
          const confirmation = paths.checkout.getHref({
            booking: booking.id,
            payment: paymentMethod === 'card' ? booking.payment?.id : undefined,
          });
          // The confirmation takes this page's place in the history first: the hosted pay page returns the browser
          // there, and so does its Back button (the booking, not a form that would book the same seats again)
          navigate(confirmation, { replace: true });
          if (redirectUrl) window.location.assign(redirectUrl);
        },
        onError: (error) => {
          if (asked) recordInsight({ kind: 'booking_failed', ...asked, ...failureReason(error) });
          applyServerErrors(form, error);
        },
      },
    );
  };

  const handleInvalid = () => {
    setIncomplete(true);
    notify.error(translateMessage(BOOKING_MESSAGES.completeGuestDetails));
  };
  const submit = form.onSubmit(handleValid, handleInvalid);

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void loadCheckoutRules().then(() => submit());
      }}
      // the guest's details' rules load while the agent fills them in, not with the page
      onFocusCapture={() => void loadCheckoutRules()}
      noValidate
      data-testid="checkout-form"
    >
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 7, lg: 8 }}>
          <Stack gap="lg">
            {isRequest && (
              <PendingNotice iconSize={20} title={t('checkout.request.title')} testId="request-notice">
                <Stack gap={4}>
                  {slot?.isPastCutOff && <Text size="sm">{translateMessage(BOOKING_MESSAGES.cutOffPassed)}</Text>}
                  <Text size="sm">{t('checkout.request.text')}</Text>
                </Stack>
              </PendingNotice>
            )}
            <GuestDetailsFields
              form={form}
              tour={tour}
              offer={offer}
              time={selection.time}
              onHotelChange={setPickUpHotel}
            />
            {!isRequest && (
              <PaymentMethodField
                value={form.values.paymentMethod}
                onChange={(next) => form.setFieldValue('paymentMethod', next)}
                isCardAllowed={isCardAllowed}
                currency={currency}
                cardSurchargePercent={charges.cardSurchargePercent}
                toPay={totals?.toPay ?? null}
              />
            )}
            <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
              <CancellationPolicy policy={offer.cancellationPolicy} />
            </Paper>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5, lg: 4 }}>
          <div className={classes.sticky}>
            <CheckoutSummary
              tour={tour}
              offer={offer}
              date={selection.date}
              time={selection.time}
              people={selection.people}
              currency={currency}
              totals={totals}
              promoPercent={promo?.percent ?? null}
              isRequest={isRequest}
              shown={shown}
            >
              {peopleCheck && !peopleCheck.ok && (
                <ErrorAlert iconSize={18} isAnnounced>
                  {t(`peopleMessages.${peopleCheck.code}`, { n: peopleCheck.n })}
                </ErrorAlert>
              )}
              {isSoldOut && (
                <ErrorAlert iconSize={18} isAnnounced>
                  {translateMessage(BOOKING_MESSAGES.outOfStock)}
                </ErrorAlert>
              )}
              {isIncomplete && (
                <ErrorAlert iconSize={18} isAnnounced testId="incomplete-guest">
                  {translateMessage(BOOKING_MESSAGES.completeGuestDetails)}
                </ErrorAlert>
              )}
              <Button
                type="submit"
                size="lg"
                fullWidth
                // a phone's narrow card wraps the label ("Book and pay from balance") instead of cutting it off
                h="auto"
                mih={50}
                py={10}
                styles={{ label: { whiteSpace: 'normal', textAlign: 'center', lineHeight: 1.3 } }}
                color={isRequest ? 'orange.7' : 'brand'}
                loading={create.isPending || isLeaving}
                disabled={isSoldOut}
                data-testid="checkout-submit"
              >
                {isRequest
                  ? t('checkout.sendRequest')
                  : method === 'card'
                    ? t('checkout.payByCard')
                    : t('checkout.bookAndPay')}
              </Button>
            </CheckoutSummary>
          </div>
        </Grid.Col>
      </Grid>
    </form>
  );
}
