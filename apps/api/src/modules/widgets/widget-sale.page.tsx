import { minorToMajor } from '@portal/contract';
import { formatDisplayDate } from '@portal/contract/plain';
import { htmlDocument, type Markup } from '../../lib/jsx/markup.ts';
import { fill } from './shop-blocks.tsx';
import { Page, TEXT, type PageState } from './widget-checkout.page.tsx';
import { STRIPE_PAY_PATH } from './widget-embed.ts';

// The sale's own page (`/embedded/booking/{token}`, issue 13 item 3): its state, and once paid its voucher and tickets

export type SaleView = {
  reference: string;
  state: 'confirmed' | 'waiting' | 'failed' | 'expired' | 'cancelled';
  tour: string;
  offer: string;
  date: string;
  time: string | null;
  adults: number;
  children: number;
  infants: number;
  guestEmail: string;
  pickUp: { time: string; hotel: string } | null;
  paid: string;
  paidMinor: number;
  currency: string;
  refund: string | null;
  holdUntil: string | null;
  payUrl: string | null;
  // a charge paid on this page through Stripe's Payment Element (no hosted pay page)
  card: { publishableKey: string; clientSecret: string } | null;
  offerId: number;
  conversion: { id: string; label: string } | null;
};

// the sale's own page (the customer's confirmation): its state, and once paid its voucher and tickets
export function renderSalePage(
  state: PageState,
  sale: SaleView,
  paths: { retry: string; document: (kind: string) => string },
): string {
  const language = state.data.language;
  const t = TEXT[language];
  const when = `${formatDisplayDate(sale.date, language)}${sale.time ? `, ${sale.time}` : ''}`;
  const details = (
    <dl>
      <dt>{t.reference ?? ''}</dt>
      <dd data-testid="sale-reference">{sale.reference}</dd>
      <dt>{sale.tour}</dt>
      <dd>
        {sale.offer} · {when}
      </dd>
      <dt>{t.people ?? ''}</dt>
      <dd>{fill(t.guests, sale)}</dd>
      {sale.pickUp ? (
        <>
          <dt>{t.hotel ?? ''}</dt>
          <dd>{fill(t.pickUp, sale.pickUp)}</dd>
        </>
      ) : null}
      <dt>{(sale.state === 'confirmed' || sale.state === 'cancelled' ? t.paid : t.total) ?? ''}</dt>
      <dd data-testid="sale-paid">{sale.paid}</dd>
    </dl>
  );
  const page = (body: Markup, head?: Markup) =>
    htmlDocument(
      <Page state={state} title={t.reference ?? ''} head={head}>
        {body}
      </Page>,
    );
  if (sale.state === 'confirmed')
    return page(
      <>
        <section class="panel ok" data-testid="sale-confirmed">
          <h1>{t.confirmed ?? ''}</h1>
          <p>{fill(t.confirmedLead, { email: sale.guestEmail })}</p>
          {details}
          <p>
            <a class="button" data-testid="sale-voucher" href={paths.document('voucher')}>
              {t.voucher ?? ''}
            </a>
            {'\n'}
            <a class="button" data-testid="sale-tickets" href={paths.document('tickets')}>
              {t.tickets ?? ''}
            </a>
          </p>
        </section>
        {/* the agency's Google Ads conversion, as the image tag Google offers for pages without script */}
        {sale.conversion ? (
          <img
            data-testid="sale-conversion"
            alt=""
            width="1"
            height="1"
            style="position:absolute;border:0"
            src={`https://www.googleadservices.com/pagead/conversion/${encodeURIComponent(sale.conversion.id)}/?label=${encodeURIComponent(sale.conversion.label)}&value=${minorToMajor(sale.paidMinor).toFixed(2)}&currency_code=${sale.currency.toUpperCase()}&oid=${encodeURIComponent(sale.reference)}&guid=ON&script=0`}
          />
        ) : null}
      </>,
    );
  if (sale.state === 'waiting' && sale.card)
    return page(
      <section class="panel" data-testid="sale-card">
        <h1>{fill(t.pay, { amount: sale.paid })}</h1>
        {details}
        <div
          id="card-form"
          data-key={sale.card.publishableKey}
          data-secret={sale.card.clientSecret}
          data-load-failed={t.cardLoadFailed ?? ''}
          data-declined={t.failed ?? ''}
        >
          <div id="card-element" style="margin:12px 0;max-width:480px"></div>
          <p id="card-error" class="alert" role="alert" hidden></p>
          <button type="button" id="card-pay" data-testid="sale-card-pay" disabled>
            {fill(t.pay, { amount: sale.paid })}
          </button>
        </div>
        <p class="muted">{fill(t.holdUntil, { time: sale.holdUntil ?? '' })}</p>
      </section>,
      <script src={STRIPE_PAY_PATH} defer></script>,
    );
  if (sale.state === 'waiting')
    return page(
      <section class="panel" data-testid="sale-waiting">
        <h1>{t.waiting ?? ''}</h1>
        <p>{t.waitingLead ?? ''}</p>
        {details}
        {sale.payUrl ? (
          <a class="button" data-testid="sale-pay" href={sale.payUrl}>
            {t.payNow ?? ''}
          </a>
        ) : null}
      </section>,
      <meta http-equiv="refresh" content="3" />,
    );
  if (sale.state === 'failed')
    return page(
      <section class="panel" data-testid="sale-failed">
        <h1>{t.failed ?? ''}</h1>
        <p>{fill(t.failedLead, { time: sale.holdUntil ?? '' })}</p>
        {details}
        <form method="post" action={paths.retry}>
          <button type="submit" data-testid="sale-retry">
            {t.retry ?? ''}
          </button>
        </form>
      </section>,
    );
  if (sale.state === 'expired')
    return page(
      <section class="panel" data-testid="sale-expired">
        <h1>{t.expired ?? ''}</h1>
        <p>{t.expiredLead ?? ''}</p>
        {details}
        <a class="button" href={state.link('/embedded', { offer: sale.offerId })}>
          {t.bookAgain ?? ''}
        </a>
      </section>,
    );
  return page(
    <section class="panel" data-testid="sale-cancelled">
      <h1>{t.cancelled ?? ''}</h1>
      {details}
      {sale.refund ? <p>{fill(t.refund, { amount: sale.refund })}</p> : null}
    </section>,
  );
}
