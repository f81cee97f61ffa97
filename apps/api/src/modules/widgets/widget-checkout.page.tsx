import { BOOKING_MESSAGES, type Language, type WidgetGuestForm } from '@portal/contract';
import { formatDisplayDate } from '@portal/contract/plain';
import { translateMessage } from '../../lib/i18n.ts';
import { htmlDocument, raw, type Child, type Markup } from '../../lib/jsx/markup.ts';
import { ContactsBlock, HeaderBlock, WORDS, fill } from './shop-blocks.tsx';
import type { Choice, ShopOption } from './widget-checkout-choice.ts';
import { EMBED_FRAME_PATH, STYLE } from './widget-shop.page.tsx';
import type { ShopData } from './widget-shop.service.ts';

// Issue 13 item 3: the customer's checkout in an agency's shop — the option's days and times with the seats left
// (`/embedded`, SPEC §2 "embedded ticket": widget-ticket.page.tsx), the guest's details (`/embedded/checkout`, here),
// and the sale's own page with its status, voucher and tickets (widget-sale.page.tsx), in the layout and words here.
// Server-rendered like the shop: plain forms, no script needed; inside the embed code's frame the payment step opens in
// a new tab (browsers that refuse a payment page in a third-party frame, Safari). JSX (src/lib/jsx): every value is
// escaped on its way into the markup.

export const TEXT: Record<Language, Record<string, string>> = {
  en: {
    back: '← All tours',
    chooseDate: 'Choose a date',
    date: 'Date',
    typeDate: 'Or type a date',
    datePlaceholder: 'DD.MM.YYYY',
    dateHint: 'As DD.MM.YYYY, for example {example}',
    book: 'Book this tour',
    show: 'Show times',
    nextDays: 'Next available days',
    noDays: 'There are no seats to book online in the coming weeks. Please contact us.',
    notInstant: 'This option is confirmed on request. Please contact us to book it.',
    times: 'Times on {date}',
    anyTime: 'Any time during opening hours',
    left: '{n} left',
    people: 'Guests',
    adults: 'Adults',
    children: 'Children',
    infants: 'Infants (free)',
    continue: 'Continue',
    summary: 'Your booking',
    total: 'Total',
    guest: 'Your details',
    name: 'Full name',
    email: 'E-mail',
    confirmEmail: 'Repeat e-mail',
    phone: 'Phone',
    hotel: 'Hotel',
    pickUpHotel: 'Pick-up hotel',
    chooseHotel: 'Choose your hotel',
    room: 'Room',
    notes: 'Notes (optional)',
    pay: 'Pay {amount} by card',
    payNewTab: 'The payment page opens in a new tab.',
    holdNote: 'Your seats are held for 15 minutes while you pay.',
    change: 'Change',
    fix: 'Please correct the fields marked below.',
    confirmed: 'Your booking is confirmed',
    confirmedLead: 'We have sent the confirmation to {email}.',
    reference: 'Booking reference',
    voucher: 'Download the voucher',
    tickets: 'Download the tickets',
    waiting: 'Waiting for your payment',
    waitingLead: 'Finish paying on the payment page; this page updates by itself.',
    payNow: 'Go to the payment page',
    // SPEC §8, word for word; in Russian the web's words for the same message, read from the one table
    failed: BOOKING_MESSAGES.paymentFailed,
    failedLead: 'Nothing was charged. Your seats are still held until {time}.',
    retry: 'Try another card',
    expired: 'The time to pay has passed',
    expiredLead: 'Nothing was charged and the seats were released.',
    bookAgain: 'Book again',
    cancelled: 'This booking was cancelled',
    refund: 'Refund to your card: {amount}',
    pickUp: 'Pick-up at {time} from {hotel}',
    paid: 'Paid',
    guests: '{adults} adults, {children} children, {infants} infants',
    notFound: 'This page does not exist.',
    cardLoadFailed: 'The card form could not load. Please reload the page.',
    holdUntil: 'Your seats are held until {time} (Dubai time).',
  },
  ru: {
    back: '← Все туры',
    chooseDate: 'Выберите дату',
    date: 'Дата',
    typeDate: 'Или введите дату',
    datePlaceholder: 'ДД.ММ.ГГГГ',
    dateHint: 'В формате ДД.ММ.ГГГГ, например {example}',
    book: 'Забронировать тур',
    show: 'Показать время',
    nextDays: 'Ближайшие доступные даты',
    noDays: 'В ближайшие недели нет мест для онлайн-бронирования. Свяжитесь с нами.',
    notInstant: 'Этот вариант подтверждается по запросу. Свяжитесь с нами, чтобы забронировать.',
    times: 'Время на {date}',
    anyTime: 'В любое время в часы работы',
    left: 'осталось {n}',
    people: 'Гости',
    adults: 'Взрослые',
    children: 'Дети',
    infants: 'Младенцы (бесплатно)',
    continue: 'Продолжить',
    summary: 'Ваше бронирование',
    total: 'Итого',
    guest: 'Ваши данные',
    name: 'Имя и фамилия',
    email: 'E-mail',
    confirmEmail: 'Повторите e-mail',
    phone: 'Телефон',
    hotel: 'Отель',
    pickUpHotel: 'Отель для трансфера',
    chooseHotel: 'Выберите отель',
    room: 'Номер',
    notes: 'Примечания (необязательно)',
    pay: 'Оплатить {amount} картой',
    payNewTab: 'Страница оплаты откроется в новой вкладке.',
    holdNote: 'Места удерживаются за вами 15 минут, пока вы оплачиваете.',
    change: 'Изменить',
    fix: 'Исправьте отмеченные поля.',
    confirmed: 'Бронирование подтверждено',
    confirmedLead: 'Подтверждение отправлено на {email}.',
    reference: 'Номер бронирования',
    voucher: 'Скачать ваучер',
    tickets: 'Скачать билеты',
    waiting: 'Ожидаем оплату',
    waitingLead: 'Завершите оплату на странице оплаты; эта страница обновится сама.',
    payNow: 'Перейти к оплате',
    failed: translateMessage('ru', BOOKING_MESSAGES.paymentFailed),
    failedLead: 'Деньги не списаны. Места удерживаются до {time}.',
    retry: 'Оплатить другой картой',
    expired: 'Время на оплату истекло',
    expiredLead: 'Деньги не списаны, места освобождены.',
    bookAgain: 'Забронировать заново',
    cancelled: 'Бронирование отменено',
    refund: 'Возврат на карту: {amount}',
    pickUp: 'Трансфер в {time} от отеля {hotel}',
    paid: 'Оплачено',
    guests: 'взрослых: {adults}, детей: {children}, младенцев: {infants}',
    notFound: 'Такой страницы нет.',
    cardLoadFailed: 'Не удалось загрузить форму карты. Обновите страницу.',
    holdUntil: 'Места удерживаются до {time} (по времени Дубая).',
  },
};

const CHECKOUT_STYLE = `.panel{background:#fff;border:1px solid #e9ecef;border-radius:12px;padding:16px;margin:12px 0}
.panel h2{margin:0 0 8px;font-size:1.15rem}.crumbs a{text-decoration:none}label{display:block;font-weight:600;margin:10px 0 4px}
input,select,textarea{width:100%;max-width:420px;padding:8px 10px;border:1px solid #ced4da;border-radius:8px;font:inherit;background:#fff}
input[type=number]{max-width:120px}.row{display:flex;flex-wrap:wrap;gap:12px}.row>div{min-width:120px}
.days{display:flex;flex-wrap:wrap;gap:8px;padding:0;list-style:none}.days a{display:block;padding:6px 10px;border:1px solid #ced4da;border-radius:8px;text-decoration:none}
.days a[aria-current]{background:#1c3d8f;color:#fff;border-color:#1c3d8f}.times{list-style:none;padding:0;margin:0}
.times{display:grid;grid-template-columns:repeat(auto-fill,minmax(170px,1fr));gap:4px 12px}.times li{padding:6px 0;white-space:nowrap}.times label{display:inline;font-weight:400;margin:0}.times input{width:auto}.muted{color:#868e96}
button,.button{display:inline-block;margin-top:14px;padding:10px 18px;border:0;border-radius:8px;background:#1c3d8f;color:#fff;font:inherit;font-weight:600;text-decoration:none;cursor:pointer}
.error{color:#c92a2a;font-size:.9rem;margin:4px 0 0}.alert{border-radius:8px;padding:10px 14px;background:#fff5f5;color:#842029;border:1px solid #f1aeb5}
.ok{border-color:#b2f2bb;background:#ebfbee}dl{display:grid;grid-template-columns:minmax(0,max-content) minmax(0,1fr);gap:4px 16px;margin:0}dt{color:#495057}dd{margin:0;font-weight:600}
dt,dd,.alert{overflow-wrap:anywhere}@media (max-width:600px){dl{grid-template-columns:minmax(0,1fr)}dd{margin-bottom:6px}}`;

export type PageState = {
  data: ShopData;
  embedded: boolean;
  // the address of a page of this shop, with the embed mode and language carried along
  link: (path: string, params?: Record<string, string | number | null | undefined>) => string;
};

export function Page({
  state,
  title,
  head,
  children,
}: {
  state: PageState;
  title: string;
  head?: Markup;
  children: Child;
}) {
  const { data } = state;
  return (
    <html lang={data.language}>
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex" />
        <title>
          {title} · {data.widget.name}
        </title>
        <style>{raw(`${STYLE}\n${CHECKOUT_STYLE}`)}</style>
        {head}
        {state.embedded ? <script src={EMBED_FRAME_PATH} defer></script> : null}
      </head>
      <body>
        <HeaderBlock data={data} />
        <main>
          <p class="crumbs">
            <a href={state.link('')}>{TEXT[data.language].back ?? ''}</a>
          </p>
          {children}
          <ContactsBlock data={data} words={WORDS[data.language]} />
        </main>
      </body>
    </html>
  );
}

export function FieldError({
  errors,
  field,
  language,
}: {
  errors: Record<string, string>;
  field: string;
  language: Language;
}) {
  const message = errors[field];
  if (!message) return null;
  return (
    <p class="error" role="alert" data-error-for={field}>
      {translateMessage(language, message)}
    </p>
  );
}

const GUEST_FIELDS = ['name', 'email', 'confirmEmail', 'phone', 'hotel', 'hotelId', 'room'];

// `/embedded/checkout`: the choice with its price, and the guest's details; the form posts the sale
export function renderCheckoutPage(
  state: PageState,
  option: ShopOption,
  input: {
    choice: Choice;
    totalMinor: number;
    total: string;
    // the total in the currency the embed code asked for, at the fixed rate (never charged)
    approx: string | null;
    hotels: { id: number; name: string; area: string; cityName: string }[];
    token: string;
    values: Partial<WidgetGuestForm>;
    errors: Record<string, string>;
    // the pay link the form posts to (no embed mode: the payment runs in a tab of its own)
    action: string;
  },
): string {
  const { data } = state;
  const language = data.language;
  const t = TEXT[language];
  const { choice, values, errors } = input;
  const Field = (props: {
    name: keyof WidgetGuestForm;
    label: string;
    type: string;
    maxlength: string;
    autocomplete?: string;
  }) => (
    <>
      <label for={`g-${props.name}`}>{props.label}</label>
      <input
        id={`g-${props.name}`}
        name={props.name}
        type={props.type}
        value={values[props.name] ?? ''}
        required
        maxlength={props.maxlength}
        autocomplete={props.autocomplete}
      />
      <FieldError errors={errors} field={`guest.${props.name}`} language={language} />
    </>
  );
  const other = Object.entries(errors).filter(
    ([key]) => !key.startsWith('guest.') || !GUEST_FIELDS.includes(key.slice(6)),
  );
  const when = `${formatDisplayDate(choice.date, language)}${choice.time ? `, ${choice.time}` : ''}`;
  return htmlDocument(
    <Page state={state} title={option.tour.title}>
      <h1>{option.tour.title}</h1>
      <section class="panel" data-testid="checkout-summary">
        <h2>{t.summary ?? ''}</h2>
        <dl>
          <dt>{option.offer.name}</dt>
          <dd>
            {when} ·{' '}
            <a href={state.link('/embedded', { offer: option.offer.offerId, date: choice.date })}>{t.change ?? ''}</a>
          </dd>
          <dt>{t.people ?? ''}</dt>
          <dd>{fill(t.guests, choice)}</dd>
          <dt>{t.total ?? ''}</dt>
          <dd data-testid="checkout-total" data-amount={input.totalMinor}>
            {input.total}
            {input.approx ? (
              <>
                {' '}
                <span class="approx">≈ {input.approx}</span>
              </>
            ) : null}
          </dd>
        </dl>
      </section>
      {Object.keys(errors).length > 0 ? (
        <p class="alert" role="alert" data-testid="checkout-errors">
          {t.fix ?? ''}
          {other.map(([, message]) => (
            <>
              <br />
              {translateMessage(language, message)}
            </>
          ))}
        </p>
      ) : null}
      <form
        method="post"
        action={input.action}
        class="panel"
        data-testid="checkout-form"
        target={state.embedded ? '_blank' : undefined}
      >
        <input type="hidden" name="token" value={input.token} />
        <input type="hidden" name="offer" value={String(choice.offerId)} />
        <input type="hidden" name="date" value={choice.date} />
        <input type="hidden" name="time" value={choice.time ?? ''} />
        <input type="hidden" name="adults" value={String(choice.adults)} />
        <input type="hidden" name="children" value={String(choice.children)} />
        <input type="hidden" name="infants" value={String(choice.infants)} />
        <h2>{t.guest ?? ''}</h2>
        <Field name="name" label={t.name ?? ''} type="text" maxlength="100" autocomplete="name" />
        <Field name="email" label={t.email ?? ''} type="email" maxlength="200" autocomplete="email" />
        <Field name="confirmEmail" label={t.confirmEmail ?? ''} type="email" maxlength="200" autocomplete="email" />
        <Field name="phone" label={t.phone ?? ''} type="tel" maxlength="30" autocomplete="tel" />
        {option.catalogue.hasPickUp ? (
          <>
            <label for="g-hotelId">{t.pickUpHotel ?? ''}</label>
            <select id="g-hotelId" name="hotelId" required>
              <option value="">{t.chooseHotel ?? ''}</option>
              {input.hotels.map((h) => (
                <option value={String(h.id)} selected={String(h.id) === values.hotelId}>
                  {`${h.name}${h.area ? `, ${h.area}` : ''} (${h.cityName})`}
                </option>
              ))}
            </select>
            <FieldError errors={errors} field="guest.hotelId" language={language} />
            <FieldError errors={errors} field="guest.hotel" language={language} />
          </>
        ) : (
          <Field name="hotel" label={t.hotel ?? ''} type="text" maxlength="200" autocomplete="off" />
        )}
        <Field name="room" label={t.room ?? ''} type="text" maxlength="40" />
        <label for="g-notes">{t.notes ?? ''}</label>
        <textarea id="g-notes" name="notes" rows="3" maxlength="1000">
          {values.notes ?? ''}
        </textarea>
        <p class="muted">
          {t.holdNote ?? ''}
          {state.embedded ? ` ${t.payNewTab ?? ''}` : ''}
        </p>
        <button type="submit" data-testid="checkout-pay">
          {fill(t.pay, { amount: input.total })}
        </button>
      </form>
    </Page>,
  );
}

export function renderCheckoutNotFound(state: PageState): string {
  const text = TEXT[state.data.language].notFound ?? '';
  return htmlDocument(
    <Page state={state} title={text}>
      <p class="alert" role="alert">
        {text}
      </p>
    </Page>,
  );
}
