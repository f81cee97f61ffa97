import { WIDGET_CHECKOUT_MESSAGES, type Language } from '@portal/contract';
import { formatDisplayDate } from '@portal/contract/plain';
import { escapeHtml as e } from '../../lib/html.ts';
import { shopMessage } from './shop-messages.ts';
import type { Choice, OpenDay, ShopOption } from './widget-checkout-choice.ts';
import {
  EMBED_FRAME_PATH,
  STYLE,
  WORDS,
  chargedNote,
  contactsBlock,
  headerBlock,
  priceLine,
} from './widget-shop.page.ts';
import { STRIPE_PAY_PATH } from './widget-embed.ts';
import type { ShopData } from './widget-shop.service.ts';
import {
  PRODUCT_STYLE,
  productDetails,
  productGallery,
  productOptions,
  productPrice,
  productTitle,
} from './widget-product.page.ts';
import type { ShopProduct } from './widget-product.service.ts';

// Issue 13 item 3: the customer's checkout in an agency's shop — the option's days and times with the seats left
// (`/embedded`, SPEC §2 "embedded ticket"), the guest's details (`/embedded/checkout`), and the sale's own page with
// its status, voucher and tickets. Server-rendered like the shop: plain forms, no script needed; inside the embed code's
// frame the payment step opens in a new tab (browsers that refuse a payment page in a third-party frame, Safari).
// Every value is escaped here.

const TEXT: Record<Language, Record<string, string>> = {
  en: {
    back: '← All tours',
    chooseDate: 'Choose a date',
    date: 'Date',
    typeDate: 'Or type a date',
    datePlaceholder: 'DD.MM.YYYY',
    dateHint: 'As DD.MM.YYYY, for example {example}',
    badDate: WIDGET_CHECKOUT_MESSAGES.badDate,
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
    failed: 'The payment did not go through',
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
    badDate: 'Введите дату в формате ДД.ММ.ГГГГ.',
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
    failed: 'Оплата не прошла',
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

const fill = (text: string | undefined, values: Record<string, unknown>) =>
  (text ?? '').replace(/\{(\w+)\}/g, (_, key: string) => String(values[key] ?? ''));

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

function page(state: PageState, title: string, body: string, head = ''): string {
  const { data } = state;
  const w = data.widget;
  return `<!doctype html>
<html lang="${data.language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${e(title)} · ${e(w.name)}</title>
<style>${STYLE}
${CHECKOUT_STYLE}</style>
${head}
${state.embedded ? `<script src="${EMBED_FRAME_PATH}" defer></script>` : ''}
</head>
<body>
${headerBlock(data)}
<main>
<p class="crumbs"><a href="${e(state.link(''))}">${e(TEXT[data.language].back ?? '')}</a></p>
${body}
${contactsBlock(data, WORDS[data.language])}
</main>
</body>
</html>`;
}

// SPEC §9: a date typed as DD.MM.YYYY that is no date (the checkout's own word; the rest are the server's messages)
const OWN_MESSAGES = { [WIDGET_CHECKOUT_MESSAGES.badDate]: TEXT.ru.badDate ?? '' };

const fieldError = (errors: Record<string, string>, field: string, language: Language) =>
  errors[field]
    ? `<p class="error" role="alert" data-error-for="${e(field)}">${e(shopMessage(errors[field], language, OWN_MESSAGES))}</p>`
    : '';

function pricesList(option: ShopOption, language: Language): string {
  return `<ul class="prices">${option.offer.prices.map((p) => priceLine(p, WORDS[language])).join('')}</ul>`;
}

// 2026-11-27 → 27.11.2026, as the date field takes it
const typedForm = (iso: string) => `${iso.slice(8, 10)}.${iso.slice(5, 7)}.${iso.slice(0, 4)}`;
// the date field's forms (browsers check the v-flag pattern: '/' and '-' escaped in classes); the server reads them
const DATE_PATTERN = String.raw`\d{1,2}[.\/]\d{1,2}[.\/]\d{4}|\d{4}-\d{2}-\d{2}|\d{1,2} [^,]{3,6},? \d{2}`;

function peopleInputs(t: Record<string, string>, choice: Partial<Choice>): string {
  const input = (name: 'adults' | 'children' | 'infants', label: string) =>
    `<div><label for="${name}">${e(label)}</label><input id="${name}" name="${name}" type="number" min="0" max="99" value="${choice[name] ?? (name === 'adults' ? 2 : 0)}" required></div>`;
  return `<h2>${e(t.people ?? '')}</h2><div class="row">${input('adults', t.adults ?? '')}${input('children', t.children ?? '')}${input('infants', t.infants ?? '')}</div>`;
}

// `/embedded?offer=`: the shop's tour page (issue 28 item 8) — the tour as a product page around the option's days
// ahead with seats and the chosen day's times, whose form leads into the checkout
export function renderTicketPage(
  state: PageState,
  option: ShopOption,
  days: OpenDay[],
  chosen: {
    date: string | null;
    errors: Record<string, string>;
    choice: Partial<Choice>;
    // what the customer typed in the date field when it was no date (shown again with the error)
    typed?: string;
  },
  product: ShopProduct | null = null,
): string {
  const { data } = state;
  const language = data.language;
  const t = TEXT[language];
  const day = days.find((d) => d.date === chosen.date) ?? null;
  const dayLink = (date: string) => `${state.link('/embedded', { offer: option.offer.offerId, date })}#book`;
  const dayLinks = days
    .map(
      (d) =>
        `<li><a data-testid="checkout-day" href="${e(dayLink(d.date))}"${d.date === day?.date ? ' aria-current="date"' : ''}>${e(formatDisplayDate(d.date, language))}</a></li>`,
    )
    .join('');
  const times = day
    ? `<form method="get" action="${e(state.link('/embedded/checkout'))}" class="panel" id="times" data-testid="checkout-times">
${hiddenState(state)}<input type="hidden" name="offer" value="${option.offer.offerId}"><input type="hidden" name="date" value="${e(day.date)}">
<h2>${e(fill(t.times, { date: formatDisplayDate(day.date, language) }))}</h2>
<ul class="times">${day.times
        .map(
          (slot, i) =>
            `<li><input type="radio" id="time-${i}" name="time" value="${e(slot.time ?? '')}"${(chosen.choice.time ? slot.time === chosen.choice.time : i === 0) ? ' checked' : ''} required> <label for="time-${i}">${e(slot.time ?? t.anyTime ?? '')}</label> <span class="muted">${e(fill(t.left, { n: slot.left }))}</span></li>`,
        )
        .join('')}</ul>
${fieldError(chosen.errors, 'time', language)}
${peopleInputs(t, chosen.choice)}
${fieldError(chosen.errors, 'adults', language)}${fieldError(chosen.errors, 'children', language)}${fieldError(chosen.errors, 'infants', language)}
<button type="submit" class="cta" data-testid="checkout-continue">${e(t.continue ?? '')}</button>
</form>`
    : '';
  const shownDate = chosen.typed ?? (chosen.date ? formatDisplayDate(chosen.date, language) : '');
  const example = days[0]?.date ?? chosen.date;
  const booking = !option.catalogue.isInstant
    ? `<p class="alert" role="alert">${e(t.notInstant ?? '')}</p>`
    : days.length === 0
      ? `<p class="alert" role="alert" data-testid="checkout-no-days">${e(t.noDays ?? '')}</p>`
      : `<section class="panel" data-testid="checkout-dates"><h2>${e(t.chooseDate ?? '')}</h2>
<p class="muted">${e(t.nextDays ?? '')}</p><ul class="days">${dayLinks}</ul>
<form method="get" action="${e(state.link('/embedded'))}#book" class="date-form">${hiddenState(state)}<input type="hidden" name="offer" value="${option.offer.offerId}">${
          day ? `<input type="hidden" name="was" value="${e(day.date)}">` : ''
        }
<label for="date">${e(t.typeDate ?? '')}</label><div class="inline"><input id="date" name="date" type="text" value="${e(shownDate)}" placeholder="${e(t.datePlaceholder ?? '')}" pattern="${e(DATE_PATTERN)}" title="${e(t.badDate ?? '')}" autocomplete="off" spellcheck="false" required aria-describedby="date-hint"${chosen.errors.date ? ' aria-invalid="true"' : ''}>
<button type="submit" class="secondary">${e(t.show ?? '')}</button></div>
<p class="muted hint" id="date-hint">${e(fill(t.dateHint, { example: example ? typedForm(example) : '' }))}</p>
${fieldError(chosen.errors, 'date', language)}</form></section>
${times}`;
  if (!product) {
    const body = `<h1>${e(option.tour.title)}</h1>
<p class="lead">${e(option.offer.name)} · ${e(option.tour.city)}</p>
${pricesList(option, language)}
${chargedNote(data)}
<div id="book">${booking}</div>`;
    return page(state, option.tour.title, body);
  }
  const body = `<div class="product">
${productTitle(product, language)}
<div class="p-gallery">${productGallery(product, language)}</div>
<aside class="p-buy" id="book" aria-label="${e(t.book ?? '')}"><div class="buy-card" data-testid="product-buy">
<h2 class="buy-title">${e(option.offer.name)}</h2>
${productPrice(product, language)}
${chargedNote(data)}
${productOptions(product, language, (offerId) => state.link('/embedded', { offer: offerId }))}
${booking}
</div></aside>
${productDetails(product, language)}
</div>`;
  return page(state, option.tour.title, body, `<style>${PRODUCT_STYLE}</style>`);
}

// the embed mode and language as hidden fields of a GET form (its action's query is replaced by the fields)
function hiddenState(state: PageState): string {
  const url = new URL(state.link('/embedded'), 'http://x');
  return [...url.searchParams]
    .map(([key, value]) => `<input type="hidden" name="${e(key)}" value="${e(value)}">`)
    .join('');
}

export type GuestValues = {
  name: string;
  email: string;
  confirmEmail: string;
  phone: string;
  hotel: string;
  hotelId: string;
  room: string;
  notes: string;
};

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
    values: Partial<GuestValues>;
    errors: Record<string, string>;
    // the pay link the form posts to (no embed mode: the payment runs in a tab of its own)
    action: string;
  },
): string {
  const { data } = state;
  const language = data.language;
  const t = TEXT[language];
  const { choice, values, errors } = input;
  const field = (name: keyof GuestValues, label: string, type = 'text', extra = '') =>
    `<label for="g-${name}">${e(label)}</label><input id="g-${name}" name="${name}" type="${type}" value="${e(values[name] ?? '')}" ${extra}>${fieldError(errors, `guest.${name}`, language)}`;
  const hotelField = option.catalogue.hasPickUp
    ? `<label for="g-hotelId">${e(t.pickUpHotel ?? '')}</label><select id="g-hotelId" name="hotelId" required><option value="">${e(t.chooseHotel ?? '')}</option>${input.hotels
        .map(
          (h) =>
            `<option value="${h.id}"${String(h.id) === values.hotelId ? ' selected' : ''}>${e(`${h.name}${h.area ? `, ${h.area}` : ''} (${h.cityName})`)}</option>`,
        )
        .join(
          '',
        )}</select>${fieldError(errors, 'guest.hotelId', language)}${fieldError(errors, 'guest.hotel', language)}`
    : field('hotel', t.hotel ?? '', 'text', 'required maxlength="200" autocomplete="off"');
  const other = Object.entries(errors).filter(
    ([key]) =>
      !key.startsWith('guest.') ||
      !['name', 'email', 'confirmEmail', 'phone', 'hotel', 'hotelId', 'room'].includes(key.slice(6)),
  );
  const when = `${formatDisplayDate(choice.date, language)}${choice.time ? `, ${choice.time}` : ''}`;
  const body = `<h1>${e(option.tour.title)}</h1>
<section class="panel" data-testid="checkout-summary"><h2>${e(t.summary ?? '')}</h2><dl>
<dt>${e(option.offer.name)}</dt><dd>${e(when)} · <a href="${e(state.link('/embedded', { offer: option.offer.offerId, date: choice.date }))}">${e(t.change ?? '')}</a></dd>
<dt>${e(t.people ?? '')}</dt><dd>${e(fill(t.guests, choice))}</dd>
<dt>${e(t.total ?? '')}</dt><dd data-testid="checkout-total" data-amount="${input.totalMinor}">${e(input.total)}${input.approx ? ` <span class="approx">≈ ${e(input.approx)}</span>` : ''}</dd>
</dl></section>
${Object.keys(errors).length > 0 ? `<p class="alert" role="alert" data-testid="checkout-errors">${e(t.fix ?? '')}${other.map(([, message]) => `<br>${e(shopMessage(message, language))}`).join('')}</p>` : ''}
<form method="post" action="${e(input.action)}" class="panel" data-testid="checkout-form"${state.embedded ? ' target="_blank"' : ''}>
<input type="hidden" name="token" value="${e(input.token)}">
<input type="hidden" name="offer" value="${choice.offerId}"><input type="hidden" name="date" value="${e(choice.date)}">
<input type="hidden" name="time" value="${e(choice.time ?? '')}"><input type="hidden" name="adults" value="${choice.adults}">
<input type="hidden" name="children" value="${choice.children}"><input type="hidden" name="infants" value="${choice.infants}">
<h2>${e(t.guest ?? '')}</h2>
${field('name', t.name ?? '', 'text', 'required maxlength="100" autocomplete="name"')}
${field('email', t.email ?? '', 'email', 'required maxlength="200" autocomplete="email"')}
${field('confirmEmail', t.confirmEmail ?? '', 'email', 'required maxlength="200" autocomplete="email"')}
${field('phone', t.phone ?? '', 'tel', 'required maxlength="30" autocomplete="tel"')}
${hotelField}
${field('room', t.room ?? '', 'text', 'required maxlength="40"')}
<label for="g-notes">${e(t.notes ?? '')}</label><textarea id="g-notes" name="notes" rows="3" maxlength="1000">${e(values.notes ?? '')}</textarea>
<p class="muted">${e(t.holdNote ?? '')}${state.embedded ? ` ${e(t.payNewTab ?? '')}` : ''}</p>
<button type="submit" data-testid="checkout-pay">${e(fill(t.pay, { amount: input.total }))}</button>
</form>`;
  return page(state, option.tour.title, body);
}

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
  const details = `<dl>
<dt>${e(t.reference ?? '')}</dt><dd data-testid="sale-reference">${e(sale.reference)}</dd>
<dt>${e(sale.tour)}</dt><dd>${e(sale.offer)} · ${e(when)}</dd>
<dt>${e(t.people ?? '')}</dt><dd>${e(fill(t.guests, sale))}</dd>
${sale.pickUp ? `<dt>${e(t.hotel ?? '')}</dt><dd>${e(fill(t.pickUp, sale.pickUp))}</dd>` : ''}
<dt>${e((sale.state === 'confirmed' || sale.state === 'cancelled' ? t.paid : t.total) ?? '')}</dt><dd data-testid="sale-paid">${e(sale.paid)}</dd>
</dl>`;
  let body: string;
  let head = '';
  if (sale.state === 'confirmed') {
    body = `<section class="panel ok" data-testid="sale-confirmed"><h1>${e(t.confirmed ?? '')}</h1>
<p>${e(fill(t.confirmedLead, { email: sale.guestEmail }))}</p>${details}
<p><a class="button" data-testid="sale-voucher" href="${e(paths.document('voucher'))}">${e(t.voucher ?? '')}</a>
<a class="button" data-testid="sale-tickets" href="${e(paths.document('tickets'))}">${e(t.tickets ?? '')}</a></p></section>`;
    // the agency's Google Ads conversion, as the image tag Google offers for pages without script
    if (sale.conversion)
      body += `<img data-testid="sale-conversion" alt="" width="1" height="1" style="position:absolute;border:0" src="${e(
        `https://www.googleadservices.com/pagead/conversion/${encodeURIComponent(sale.conversion.id)}/?label=${encodeURIComponent(sale.conversion.label)}&value=${(sale.paidMinor / 100).toFixed(2)}&currency_code=${sale.currency.toUpperCase()}&oid=${encodeURIComponent(sale.reference)}&guid=ON&script=0`,
      )}">`;
  } else if (sale.state === 'waiting' && sale.card) {
    head = `<script src="${STRIPE_PAY_PATH}" defer></script>`;
    body = `<section class="panel" data-testid="sale-card"><h1>${e(fill(t.pay, { amount: sale.paid }))}</h1>${details}
<div id="card-form" data-key="${e(sale.card.publishableKey)}" data-secret="${e(sale.card.clientSecret)}" data-load-failed="${e(t.cardLoadFailed ?? '')}" data-declined="${e(t.failed ?? '')}">
<div id="card-element" style="margin:12px 0;max-width:480px"></div>
<p id="card-error" class="alert" role="alert" hidden></p>
<button type="button" id="card-pay" data-testid="sale-card-pay" disabled>${e(fill(t.pay, { amount: sale.paid }))}</button></div>
<p class="muted">${e(fill(t.holdUntil, { time: sale.holdUntil ?? '' }))}</p></section>`;
  } else if (sale.state === 'waiting') {
    head = '<meta http-equiv="refresh" content="3">';
    body = `<section class="panel" data-testid="sale-waiting"><h1>${e(t.waiting ?? '')}</h1><p>${e(t.waitingLead ?? '')}</p>${details}
${sale.payUrl ? `<a class="button" data-testid="sale-pay" href="${e(sale.payUrl)}">${e(t.payNow ?? '')}</a>` : ''}</section>`;
  } else if (sale.state === 'failed') {
    body = `<section class="panel" data-testid="sale-failed"><h1>${e(t.failed ?? '')}</h1><p>${e(fill(t.failedLead, { time: sale.holdUntil ?? '' }))}</p>${details}
<form method="post" action="${e(paths.retry)}"><button type="submit" data-testid="sale-retry">${e(t.retry ?? '')}</button></form></section>`;
  } else if (sale.state === 'expired') {
    body = `<section class="panel" data-testid="sale-expired"><h1>${e(t.expired ?? '')}</h1><p>${e(t.expiredLead ?? '')}</p>${details}
<a class="button" href="${e(state.link('/embedded', { offer: sale.offerId }))}">${e(t.bookAgain ?? '')}</a></section>`;
  } else {
    body = `<section class="panel" data-testid="sale-cancelled"><h1>${e(t.cancelled ?? '')}</h1>${details}
${sale.refund ? `<p>${e(fill(t.refund, { amount: sale.refund }))}</p>` : ''}</section>`;
  }
  return page(state, t.reference ?? '', body, head);
}

export function renderCheckoutNotFound(state: PageState): string {
  return page(
    state,
    TEXT[state.data.language].notFound ?? '',
    `<p class="alert" role="alert">${e(TEXT[state.data.language].notFound ?? '')}</p>`,
  );
}
