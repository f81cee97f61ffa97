import type { CancellationTier, ImageRef, Language } from '@portal/contract';
import { imageSrcSet, imageUrl } from '@portal/contract/plain';
import type { Markup } from '../../lib/jsx/markup.ts';
import { fill } from './shop-blocks.tsx';
import { Icon } from './shop-icons.ts';
import type { ProductOption, ShopProduct } from './widget-product.service.ts';
import type { ShopPrice } from './widget-shop.service.ts';

// Issue 28 item 8: the shop's tour page as a product page — photos, the price per person at the customer's price,
// the options, and below them what the agent's tour page tells (description, highlights, itinerary, what is
// included and the terms, meeting point and pick-up, cancellation tiers). Server-rendered JSX: every value escaped.

const WORDS: Record<Language, Record<string, string>> = {
  en: {
    photos: 'Photos',
    fromAdult: 'from {price} per adult',
    fromTrip: 'from {price} per trip',
    perChild: 'Child: {price}',
    options: 'Ticket options',
    instant: 'Instant confirmation',
    onRequest: 'Confirmed on request',
    pickUp: 'Hotel pick-up',
    overview: 'Overview',
    highlights: 'Highlights',
    itinerary: 'Itinerary',
    included: 'What’s included',
    terms: 'Terms and conditions',
    meeting: 'Meeting point',
    pickUpFrom: 'Free pick-up from hotels in {cities}.',
    cancellation: 'Cancellation policy',
    tier: '{percents}% refund if cancelled at least {hours} h before the start',
    after: 'Later than {hours} h before the start: non-refundable',
    none: 'Non-refundable once booked.',
    freeUntil: 'Free cancellation up to {hours} h before',
    partialUntil: '{percents}% refund up to {hours} h before',
    nonRefundable: 'Non-refundable',
    times: 'Start times: {times}',
    hours: 'Open {from}–{to}, come at any time',
    ages: 'Children {from}–{to} years; infants up to {infant} years free',
    group: '{min}–{max} guests per booking',
    cutOff: 'Book at least {hours} h before the start',
    duration: 'Duration: {duration}',
    ticket: 'Ticket: {name}',
  },
  ru: {
    photos: 'Фотографии',
    fromAdult: 'от {price} за взрослого',
    fromTrip: 'от {price} за поездку',
    perChild: 'Детский: {price}',
    options: 'Варианты билетов',
    instant: 'Мгновенное подтверждение',
    onRequest: 'Подтверждение по запросу',
    pickUp: 'Трансфер из отеля',
    overview: 'Описание',
    highlights: 'Главное',
    itinerary: 'Программа',
    included: 'Что входит',
    terms: 'Условия и правила',
    meeting: 'Место встречи',
    pickUpFrom: 'Бесплатный трансфер из отелей: {cities}.',
    cancellation: 'Условия отмены',
    tier: 'Возврат {percents}% при отмене не позднее чем за {hours} ч до начала',
    after: 'Позднее чем за {hours} ч до начала — без возврата',
    none: 'После бронирования возврат не производится.',
    freeUntil: 'Бесплатная отмена не позднее чем за {hours} ч',
    partialUntil: 'Возврат {percents}% не позднее чем за {hours} ч',
    nonRefundable: 'Без возврата',
    times: 'Время начала: {times}',
    hours: 'Открыто {from}–{to}, в любое время',
    ages: 'Дети {from}–{to} лет; младенцы до {infant} лет — бесплатно',
    group: 'От {min} до {max} гостей в бронировании',
    cutOff: 'Бронирование не позднее чем за {hours} ч до начала',
    duration: 'Продолжительность: {duration}',
    ticket: 'Билет: {name}',
  },
};

export const PRODUCT_STYLE = `.product{display:grid;gap:20px 32px;grid-template-columns:minmax(0,1fr);grid-template-areas:"title" "gallery" "buy" "details"}
.p-title{grid-area:title}.p-gallery{grid-area:gallery}.p-buy{grid-area:buy;min-width:0}.p-details{grid-area:details;min-width:0}
@media (min-width:960px){.product{grid-template-columns:minmax(0,1fr) 380px;grid-template-areas:"title title" "gallery gallery" "details buy"}}
.p-title h1{margin:4px 0 6px;font-size:clamp(1.55rem,3.2vw,2.1rem);line-height:1.2}.p-title .lead{font-size:1.05rem;max-width:820px}
.facts{display:flex;flex-wrap:wrap;gap:6px 18px;margin:10px 0 0;padding:0;list-style:none;color:#343a40;font-size:.95rem}
.facts li{display:flex;align-items:center;gap:6px}.i{flex:none;vertical-align:-4px}.badge{border-radius:999px;padding:2px 10px;font-weight:600;font-size:.85rem}
.badge.ok{background:#e6fcf5;color:#087f5b}.badge.wait{background:#fff9db;color:#8f5f00}
.gallery{display:grid;gap:8px;grid-template-columns:1fr 1fr;margin:0}.gallery img{display:block;width:100%;height:100%;object-fit:cover;border-radius:10px;background:#e9ecef}
.gallery .main{grid-column:1/-1;aspect-ratio:16/10}.gallery .side{aspect-ratio:4/3}
@media (min-width:960px){.gallery{grid-template-columns:2fr 1fr;grid-template-rows:220px 220px}.gallery .main{grid-column:1;grid-row:1/3;aspect-ratio:auto}.gallery .side{aspect-ratio:auto}.gallery.single{grid-template-columns:1fr;grid-template-rows:440px}}
.buy-card{background:#fff;border:1px solid #dee2e6;border-radius:14px;padding:18px;box-shadow:0 4px 18px rgba(26,27,30,.06)}
.price-from{font-size:1.05rem;color:#495057;margin:0}.price-from b{font-size:1.6rem;color:#1a1b1e}.price-from s{color:#868e96;font-size:.95rem;white-space:nowrap}
.price-more{margin:2px 0 0;color:#495057;font-size:.92rem}.buy-card .perks{list-style:none;padding:0;margin:12px 0 0;display:grid;gap:6px;font-size:.92rem;color:#2b8a3e}
.buy-card .perks li{display:flex;gap:6px;align-items:center}.buy-card .perks .wait{color:#8f5f00}.buy-card .panel{border:0;border-top:1px solid #e9ecef;border-radius:0;padding:14px 0 0;margin:14px 0 0}
.options{list-style:none;padding:0;margin:12px 0 0;display:grid;gap:8px}.options a{display:flex;justify-content:space-between;gap:10px;padding:10px 12px;border:1px solid #dee2e6;border-radius:10px;text-decoration:none;color:#1a1b1e}
.options a[aria-current]{border-color:#1c3d8f;box-shadow:inset 0 0 0 1px #1c3d8f;background:#f3f5fc}.options small{color:#495057;white-space:nowrap}
.p-details section{margin:0 0 28px}.p-details h2{font-size:1.3rem;margin:0 0 10px}.p-details p{margin:0 0 10px;line-height:1.65}
.ticks{list-style:none;padding:0;margin:0;display:grid;gap:6px}.ticks li{display:flex;gap:8px;align-items:flex-start}.ticks .i{color:#0ca678;margin-top:3px}
.steps{list-style:none;padding:0;margin:0;counter-reset:step}.steps li{position:relative;padding:0 0 14px 40px;counter-increment:step}
.steps li::before{content:counter(step);position:absolute;left:0;top:0;width:26px;height:26px;border-radius:50%;background:#1c3d8f;color:#fff;font-size:.8rem;font-weight:700;display:grid;place-items:center}
.steps li:not(:last-child)::after{content:"";position:absolute;left:12px;top:28px;bottom:2px;width:2px;background:#dbe0f3}.steps b{display:block}.steps span{color:#495057;font-size:.95rem}
.box{background:#fff;border:1px solid #e9ecef;border-radius:12px;padding:14px 16px}.box ul{margin:6px 0 0;padding-left:20px}.box li{margin:3px 0}
.box.terms{margin-top:14px}.buy-title{font-size:1.05rem;margin:0 0 6px}.inline{display:flex;gap:8px;flex-wrap:wrap;align-items:center}
.inline input{flex:1 1 150px;max-width:220px}.inline button{margin-top:0}button.secondary{background:#fff;color:#1c3d8f;border:1px solid #1c3d8f;padding:8px 14px}
.cta{display:block;width:100%;font-size:1.05rem;padding:12px}.hint{font-size:.85rem;margin:4px 0 0}.buy-card .row{align-items:flex-end;flex-wrap:nowrap;gap:8px}.buy-card .row>div{flex:1 1 0;min-width:0}.buy-card .row label{font-size:.9rem}
.buy-card .times{grid-template-columns:repeat(auto-fill,minmax(130px,1fr));margin-bottom:8px}.buy-card .inline{flex-wrap:nowrap}.buy-card .inline input{min-width:0;max-width:none}.buy-card input[type=number]{max-width:100%}
.note{display:flex;gap:8px;align-items:flex-start;background:#f1f3f5;border-radius:10px;padding:12px 14px;margin:0 0 10px}`;

function Photo({ image, title, kind }: { image: ImageRef; title: string; kind: 'main' | 'side' }): Markup {
  const isMain = kind === 'main';
  return (
    <img
      class={kind}
      src={imageUrl(image.key, isMain ? 1200 : 640)}
      srcset={imageSrcSet(image.key)}
      sizes={isMain ? '(min-width: 1152px) 720px, (min-width: 960px) 64vw, 94vw' : '(min-width: 960px) 360px, 47vw'}
      width={image.width}
      height={image.height}
      alt={image.alt || title}
      fetchpriority={isMain ? 'high' : undefined}
      loading={isMain ? 'eager' : 'lazy'}
      decoding="async"
      data-testid="product-photo"
    />
  );
}

export function ProductGallery({ product, language }: { product: ShopProduct; language: Language }): Markup | null {
  const [first, ...rest] = product.photos;
  if (!first) return null;
  const side = rest.slice(0, 2);
  return (
    <div class={`gallery${side.length === 0 ? ' single' : ''}`} role="group" aria-label={WORDS[language].photos ?? ''}>
      <Photo image={first} title={product.title} kind="main" />
      {side.map((p) => (
        <Photo image={p} title={product.title} kind="side" />
      ))}
    </div>
  );
}

function tiersOf(policy: CancellationTier[]): CancellationTier[] {
  return [...policy].sort((a, b) => b.hours - a.hours);
}

// the first tier in one line, beside the price
function cancellationLine(option: ProductOption, w: Record<string, string>): string {
  const first = tiersOf(option.cancellation)[0];
  if (!first) return w.nonRefundable ?? '';
  return fill(first.percents >= 100 ? w.freeUntil : w.partialUntil, first);
}

export function ProductTitle({ product, language }: { product: ShopProduct; language: Language }): Markup {
  const w = WORDS[language];
  const option = product.option;
  return (
    <div class="p-title">
      <h1>{product.title}</h1>
      {product.summary ? <p class="lead">{product.summary}</p> : null}
      <ul class="facts">
        <li>
          <Icon name="pin" size={18} />
          {product.city}
        </li>
        {product.durationText ? (
          <li>
            <Icon name="clock" size={18} />
            {product.durationText}
          </li>
        ) : null}
        {product.pickUpCities.length > 0 ? (
          <li>
            <Icon name="bus" size={18} />
            {w.pickUp ?? ''}
          </li>
        ) : null}
        {option.isInstant ? (
          <li>
            <span class="badge ok">
              <Icon name="bolt" size={14} /> {w.instant ?? ''}
            </span>
          </li>
        ) : (
          <li>
            <span class="badge wait">{w.onRequest ?? ''}</span>
          </li>
        )}
      </ul>
    </div>
  );
}

const adultOf = (option: ProductOption): ShopPrice | undefined =>
  option.prices.find((p) => p.kind === 'adult') ?? option.prices.find((p) => p.kind === 'trip') ?? option.prices[0];

// "from 171.60 AED per adult" at the customer's price (after the shop's discount, the sale price struck through)
export function ProductPrice({ product, language }: { product: ShopProduct; language: Language }): Markup | null {
  const w = WORDS[language];
  const option = product.option;
  const main = adultOf(option);
  if (!main) return null;
  const template = (main.kind === 'trip' ? w.fromTrip : w.fromAdult) ?? '';
  const [before, after] = template.split('{price}');
  const child = option.prices.find((p) => p.kind === 'child');
  return (
    <>
      <p class="price-from" data-testid="product-price" data-amount={main.paidMinor}>
        {before ?? ''}
        <b>{main.paid}</b>
        {after ?? ''}
        {main.was ? (
          <>
            {' '}
            <s>{main.was}</s>
          </>
        ) : null}
      </p>
      {main.approx ? <p class="price-more">≈ {main.approx}</p> : null}
      {child ? <p class="price-more">{fill(w.perChild, { price: child.paid })}</p> : null}
      <ul class="perks">
        <li>
          <Icon name="shield" size={18} />
          {cancellationLine(option, w)}
        </li>
        {option.isInstant ? (
          <li>
            <Icon name="bolt" size={18} />
            {w.instant ?? ''}
          </li>
        ) : (
          <li class="wait">
            <Icon name="info" size={18} />
            {w.onRequest ?? ''}
          </li>
        )}
      </ul>
    </>
  );
}

// the tour's other options in this shop, each its own page
export function ProductOptions({
  product,
  language,
  href,
}: {
  product: ShopProduct;
  language: Language;
  href: (offerId: number) => string;
}): Markup | null {
  if (product.options.length < 2) return null;
  return (
    <ul class="options" aria-label={WORDS[language].options ?? ''}>
      {product.options.map((option) => {
        const main = adultOf(option);
        return (
          <li>
            <a
              href={href(option.offerId)}
              aria-current={option.offerId === product.option.offerId ? 'page' : undefined}
              data-testid="product-option"
            >
              <span>{option.name}</span>
              {main ? <small>{main.paid}</small> : null}
            </a>
          </li>
        );
      })}
    </ul>
  );
}

function CancellationBlock({ option, w }: { option: ProductOption; w: Record<string, string> }): Markup {
  const tiers = tiersOf(option.cancellation);
  const last = tiers.at(-1);
  const lines = last
    ? [...tiers.map((tier) => fill(w.tier, tier)), fill(w.after, { hours: last.hours })]
    : [w.none ?? ''];
  return (
    <section id="cancellation" data-testid="product-cancellation">
      <h2>{w.cancellation ?? ''}</h2>
      <div class="box">
        <ul>
          {lines.map((line) => (
            <li>{line}</li>
          ))}
        </ul>
      </div>
    </section>
  );
}

const Tick = ({ text }: { text: string }) => (
  <li>
    <Icon name="check" size={18} />
    <span>{text}</span>
  </li>
);

export function ProductDetails({ product, language }: { product: ShopProduct; language: Language }): Markup {
  const w = WORDS[language];
  const option = product.option;
  const schedule = option.schedule
    ? 'times' in option.schedule
      ? fill(w.times, { times: option.schedule.times.join(', ') })
      : fill(w.hours, option.schedule)
    : '';
  const included = [
    option.description ? `${option.name}: ${option.description}` : option.name,
    fill(w.ticket, { name: option.ticketType }),
    product.durationText ? fill(w.duration, { duration: product.durationText }) : '',
    schedule,
    option.pricingUnit === 'person'
      ? fill(w.ages, {
          from: option.ages.infantMaxAge + 1,
          to: option.ages.childMaxAge,
          infant: option.ages.infantMaxAge,
        })
      : '',
    fill(w.group, { min: option.minPeople, max: option.maxPeople }),
    option.cutOffHours > 0 ? fill(w.cutOff, { hours: option.cutOffHours }) : '',
  ].filter(Boolean);
  const hasMeeting = Boolean(product.meetingPoint) || product.pickUpCities.length > 0;
  return (
    <div class="p-details">
      <section id="overview" data-testid="product-description">
        <h2>{w.overview ?? ''}</h2>
        <p>{product.description}</p>
        {product.highlights.length > 0 ? (
          <ul class="ticks" aria-label={w.highlights ?? ''}>
            {product.highlights.map((h) => (
              <Tick text={h} />
            ))}
          </ul>
        ) : null}
      </section>
      {product.itinerary.length > 0 ? (
        <section id="itinerary">
          <h2>{w.itinerary ?? ''}</h2>
          <ol class="steps">
            {product.itinerary.map((step) => (
              <li>
                <b>{step.title}</b>
                <span>{step.description}</span>
              </li>
            ))}
          </ol>
        </section>
      ) : null}
      <section id="terms">
        <h2>{w.included ?? ''}</h2>
        <ul class="ticks">
          {included.map((line) => (
            <Tick text={line} />
          ))}
        </ul>
        {product.terms.length > 0 ? (
          <div class="box terms">
            <b>{w.terms ?? ''}</b>
            <ul>
              {product.terms.map((term) => (
                <li>{term}</li>
              ))}
            </ul>
          </div>
        ) : null}
      </section>
      {hasMeeting ? (
        <section id="meeting">
          <h2>{w.meeting ?? ''}</h2>
          {product.meetingPoint ? (
            <p class="note">
              <Icon name="pin" size={18} />
              <span>{product.meetingPoint}</span>
            </p>
          ) : null}
          {product.pickUpCities.length > 0 ? (
            <p class="note">
              <Icon name="bus" size={18} />
              <span>{fill(w.pickUpFrom, { cities: product.pickUpCities.join(', ') })}</span>
            </p>
          ) : null}
        </section>
      ) : null}
      <CancellationBlock option={option} w={w} />
    </div>
  );
}
