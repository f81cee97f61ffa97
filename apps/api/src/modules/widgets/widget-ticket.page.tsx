import { WIDGET_CHECKOUT_MESSAGES, formatDisplayDate } from '@portal/contract/plain';
import { translateMessage } from '../../lib/i18n.ts';
import { htmlDocument, raw, type Markup } from '../../lib/jsx/markup.ts';
import { ChargedNote, PriceLine, WORDS, fill } from './shop-blocks.tsx';
import type { Choice, OpenDay, ShopOption } from './widget-checkout-choice.ts';
import { FieldError, Page, TEXT, type PageState } from './widget-checkout.page.tsx';
import {
  PRODUCT_STYLE,
  ProductDetails,
  ProductGallery,
  ProductOptions,
  ProductPrice,
  ProductTitle,
} from './widget-product.page.tsx';
import type { ShopProduct } from './widget-product.service.ts';

// `/embedded?offer=` (SPEC §2 "embedded ticket", issue 28 item 8): the shop's tour page — the option's days ahead with
// seats, the date field, and the chosen day's times, whose form leads into the checkout

// 2026-11-27 → 27.11.2026, as the date field takes it
const typedForm = (iso: string) => `${iso.slice(8, 10)}.${iso.slice(5, 7)}.${iso.slice(0, 4)}`;
// the date field's forms (browsers check the v-flag pattern: '/' and '-' escaped in classes); the server reads them
const DATE_PATTERN = String.raw`\d{1,2}[.\/]\d{1,2}[.\/]\d{4}|\d{4}-\d{2}-\d{2}|\d{1,2} [^,]{3,6},? \d{2}`;

function PeopleInputs({ t, choice }: { t: Record<string, string>; choice: Partial<Choice> }): Markup {
  const Input = ({ name, label }: { name: 'adults' | 'children' | 'infants'; label: string }) => (
    <div>
      <label for={name}>{label}</label>
      <input
        id={name}
        name={name}
        type="number"
        min="0"
        max="99"
        value={String(choice[name] ?? (name === 'adults' ? 2 : 0))}
        required
      />
    </div>
  );
  return (
    <>
      <h2>{t.people ?? ''}</h2>
      <div class="row">
        <Input name="adults" label={t.adults ?? ''} />
        <Input name="children" label={t.children ?? ''} />
        <Input name="infants" label={t.infants ?? ''} />
      </div>
    </>
  );
}

// the embed mode and language as hidden fields of a GET form (its action's query is replaced by the fields)
function HiddenState({ state }: { state: PageState }): Markup {
  const url = new URL(state.link('/embedded'), 'http://x');
  return (
    <>
      {[...url.searchParams].map(([key, value]) => (
        <input type="hidden" name={key} value={value} />
      ))}
    </>
  );
}

type Chosen = {
  date: string | null;
  errors: Record<string, string>;
  choice: Partial<Choice>;
  // what the customer typed in the date field when it was no date (shown again with the error)
  typed?: string;
};

// the chosen day's times and the party, whose form leads into the checkout
function TimesForm({
  state,
  option,
  day,
  chosen,
}: {
  state: PageState;
  option: ShopOption;
  day: OpenDay;
  chosen: Chosen;
}) {
  const language = state.data.language;
  const t = TEXT[language];
  return (
    <form method="get" action={state.link('/embedded/checkout')} class="panel" id="times" data-testid="checkout-times">
      <HiddenState state={state} />
      <input type="hidden" name="offer" value={String(option.offer.offerId)} />
      <input type="hidden" name="date" value={day.date} />
      <h2>{fill(t.times, { date: formatDisplayDate(day.date, language) })}</h2>
      <ul class="times">
        {day.times.map((slot, i) => (
          <li>
            <input
              type="radio"
              id={`time-${i}`}
              name="time"
              value={slot.time ?? ''}
              checked={chosen.choice.time ? slot.time === chosen.choice.time : i === 0}
              required
            />{' '}
            <label for={`time-${i}`}>{slot.time ?? t.anyTime ?? ''}</label>{' '}
            <span class="muted">{fill(t.left, { n: slot.left })}</span>
          </li>
        ))}
      </ul>
      <FieldError errors={chosen.errors} field="time" language={language} />
      <PeopleInputs t={t} choice={chosen.choice} />
      <FieldError errors={chosen.errors} field="adults" language={language} />
      <FieldError errors={chosen.errors} field="children" language={language} />
      <FieldError errors={chosen.errors} field="infants" language={language} />
      <button type="submit" class="cta" data-testid="checkout-continue">
        {t.continue ?? ''}
      </button>
    </form>
  );
}

// the days ahead with seats, the date field, and the chosen day's times
function Booking({
  state,
  option,
  days,
  chosen,
}: {
  state: PageState;
  option: ShopOption;
  days: OpenDay[];
  chosen: Chosen;
}) {
  const language = state.data.language;
  const t = TEXT[language];
  if (!option.catalogue.isInstant)
    return (
      <p class="alert" role="alert">
        {t.notInstant ?? ''}
      </p>
    );
  if (days.length === 0)
    return (
      <p class="alert" role="alert" data-testid="checkout-no-days">
        {t.noDays ?? ''}
      </p>
    );
  const day = days.find((d) => d.date === chosen.date) ?? null;
  const shownDate = chosen.typed ?? (chosen.date ? formatDisplayDate(chosen.date, language) : '');
  const example = days[0]?.date ?? chosen.date;
  return (
    <>
      <section class="panel" data-testid="checkout-dates">
        <h2>{t.chooseDate ?? ''}</h2>
        <p class="muted">{t.nextDays ?? ''}</p>
        <ul class="days">
          {days.map((d) => (
            <li>
              <a
                data-testid="checkout-day"
                href={`${state.link('/embedded', { offer: option.offer.offerId, date: d.date })}#book`}
                aria-current={d.date === day?.date ? 'date' : undefined}
              >
                {formatDisplayDate(d.date, language)}
              </a>
            </li>
          ))}
        </ul>
        <form method="get" action={`${state.link('/embedded')}#book`} class="date-form">
          <HiddenState state={state} />
          <input type="hidden" name="offer" value={String(option.offer.offerId)} />
          {day ? <input type="hidden" name="was" value={day.date} /> : null}
          <label for="date">{t.typeDate ?? ''}</label>
          <div class="inline">
            <input
              id="date"
              name="date"
              type="text"
              value={shownDate}
              placeholder={t.datePlaceholder ?? ''}
              pattern={DATE_PATTERN}
              title={translateMessage(language, WIDGET_CHECKOUT_MESSAGES.badDate)}
              autocomplete="off"
              spellcheck="false"
              required
              aria-describedby="date-hint"
              aria-invalid={chosen.errors.date ? 'true' : undefined}
            />
            <button type="submit" class="secondary">
              {t.show ?? ''}
            </button>
          </div>
          <p class="muted hint" id="date-hint">
            {fill(t.dateHint, { example: example ? typedForm(example) : '' })}
          </p>
          <FieldError errors={chosen.errors} field="date" language={language} />
        </form>
      </section>
      {day ? <TimesForm state={state} option={option} day={day} chosen={chosen} /> : null}
    </>
  );
}

// `/embedded?offer=`: the shop's tour page (issue 28 item 8) — the tour as a product page around the option's days
// ahead with seats and the chosen day's times, whose form leads into the checkout
export function renderTicketPage(
  state: PageState,
  option: ShopOption,
  days: OpenDay[],
  chosen: Chosen,
  product: ShopProduct | null = null,
): string {
  const { data } = state;
  const language = data.language;
  const booking = <Booking state={state} option={option} days={days} chosen={chosen} />;
  if (!product)
    return htmlDocument(
      <Page state={state} title={option.tour.title}>
        <h1>{option.tour.title}</h1>
        <p class="lead">
          {option.offer.name} · {option.tour.city}
        </p>
        <ul class="prices">
          {option.offer.prices.map((p) => (
            <PriceLine price={p} words={WORDS[language]} />
          ))}
        </ul>
        <ChargedNote data={data} />
        <div id="book">{booking}</div>
      </Page>,
    );
  return htmlDocument(
    <Page state={state} title={option.tour.title} head={<style>{raw(PRODUCT_STYLE)}</style>}>
      <div class="product">
        <ProductTitle product={product} language={language} />
        <div class="p-gallery">
          <ProductGallery product={product} language={language} />
        </div>
        <aside class="p-buy" id="book" aria-label={TEXT[language].book ?? ''}>
          <div class="buy-card" data-testid="product-buy">
            <h2 class="buy-title">{option.offer.name}</h2>
            <ProductPrice product={product} language={language} />
            <ChargedNote data={data} />
            <ProductOptions
              product={product}
              language={language}
              href={(offerId) => state.link('/embedded', { offer: offerId })}
            />
            {booking}
          </div>
        </aside>
        <ProductDetails product={product} language={language} />
      </div>
    </Page>,
  );
}
