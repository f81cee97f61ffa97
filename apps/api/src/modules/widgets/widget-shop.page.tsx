import type { Language } from '@portal/contract';
import { imageSrcSet, minorToMajor } from '@portal/contract/plain';
import { htmlDocument, raw, scriptJson, type Markup } from '../../lib/jsx/markup.ts';
import { ChargedNote, ContactsBlock, HeaderBlock, PriceLine, WORDS, fill, https } from './shop-blocks.tsx';
import { Icon, isIconName } from './shop-icons.ts';
import type { ShopData } from './widget-shop.service.ts';

export const EMBED_FRAME_PATH = '/w/embed.js';

// The public shop's HTML (issue 13 item 2): everything a search engine and a slow phone need is in the first answer —
// the tours and prices in the widget's language and currency, the SEO tab's title, description, robots, canonical
// URL, Open Graph tags and schema.org data, the media, contacts, partners and social links. No script runs to show
// it. JSX (src/lib/jsx): every value the agency typed is escaped on its way into the markup.

// Open Graph's locale for the shop's language
const OG_LOCALE: Record<Language, string> = { en: 'en_US', ru: 'ru_RU' };

const SOCIAL_NAMES: Record<string, string> = {
  facebook: 'Facebook',
  instagram: 'Instagram',
  tiktok: 'TikTok',
  youtube: 'YouTube',
  x: 'X',
  linkedin: 'LinkedIn',
  vk: 'VK',
};

function PartnersBlock({ data, words }: { data: ShopData; words: Record<string, string> }): Markup | null {
  const partners = data.widget.partners.filter((p) => p.name).map((p) => ({ ...p, url: https(p.url) }));
  if (partners.length === 0) return null;
  return (
    <section class="partners" data-testid="shop-partners">
      <h2>{words.partners ?? ''}</h2>
      <ul class="chips">
        {partners.map((p) => (
          <li>
            {p.url ? (
              <a class="chip" href={p.url} rel="nofollow noopener" target="_blank">
                <Icon name="globe" size={18} />
                <span>{p.name}</span>
              </a>
            ) : (
              <span class="chip">
                <Icon name="check" size={18} />
                <span>{p.name}</span>
              </span>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

function SocialBlock({ data, words }: { data: ShopData; words: Record<string, string> }): Markup | null {
  const links = Object.entries(data.widget.socialLinks).filter(([, url]) => https(url));
  if (links.length === 0) return null;
  return (
    <section class="social" data-testid="shop-social">
      <h2>{words.follow ?? ''}</h2>
      <ul class="chips">
        {links.map(([network, url]) => (
          <li>
            <a class="chip social" href={url} rel="noopener me" target="_blank">
              <Icon name={isIconName(network) ? network : 'globe'} size={20} />
              <span>{SOCIAL_NAMES[network] ?? network}</span>
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}

function structuredData(data: ShopData): unknown {
  const w = data.widget;
  return {
    '@context': 'https://schema.org',
    '@type': 'TravelAgency',
    name: w.name,
    url: data.canonicalUrl,
    ...(w.description ? { description: w.description } : {}),
    ...(data.imageUrl(w.logoImageId) ? { logo: data.imageUrl(w.logoImageId) } : {}),
    ...(w.contacts.phone ? { telephone: w.contacts.phone } : {}),
    ...(w.contacts.email ? { email: w.contacts.email } : {}),
    ...(w.contacts.address ? { address: w.contacts.address } : {}),
    makesOffer: data.tours.flatMap((tour) =>
      tour.offers.flatMap((offer) => {
        const first = offer.prices[0];
        if (!first) return [];
        return [
          {
            '@type': 'Offer',
            name: `${tour.title} — ${offer.name}`,
            price: minorToMajor(first.paidMinor).toFixed(2),
            priceCurrency: data.currency.toUpperCase(),
            itemOffered: { '@type': 'TouristTrip', name: tour.title, description: tour.summary },
          },
        ];
      }),
    ),
  };
}

export const STYLE = `*{box-sizing:border-box}body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;color:#1a1b1e;background:#f8f9fa;line-height:1.5}
a{color:#1c3d8f}header,main,footer{max-width:1120px;margin:0 auto;padding:16px}header{display:flex;align-items:center;gap:12px;flex-wrap:wrap}
header img{max-height:48px;width:auto}header .name{font-weight:700;font-size:1.1rem}.quicks{margin-left:auto;display:flex;gap:8px}
.quick{display:inline-flex;align-items:center;gap:6px;padding:7px 12px;border:1px solid #dee2e6;border-radius:999px;background:#fff;text-decoration:none;font-weight:600;font-size:.9rem}
@media (max-width:600px){.quick span{display:none}.quick{padding:8px}}
.hero{position:relative;max-width:1120px;margin:0 auto;padding:0 16px}.hero img,.hero video{display:block;width:100%;height:auto;max-height:420px;aspect-ratio:8/3;object-fit:cover;border-radius:14px}
h1{font-size:clamp(1.5rem,3vw,1.9rem);margin:16px 0 4px}h2{font-size:1.3rem}
.lead{color:#495057;margin:0 0 8px}.discount{display:inline-block;background:#e6fcf5;color:#087f5b;border-radius:8px;padding:2px 10px;font-weight:600}
.tours{display:grid;grid-template-columns:repeat(auto-fill,minmax(300px,1fr));gap:16px;padding:0;list-style:none}
.tour{background:#fff;border:1px solid #e9ecef;border-radius:14px;overflow:hidden;display:flex;flex-direction:column}.tour img{display:block;width:100%;height:auto;aspect-ratio:16/10;object-fit:cover}
.tour .body{padding:12px 16px 16px}.tour h3{margin:0 0 2px;font-size:1.1rem}.tour h3 a{color:inherit;text-decoration:none}.city{color:#868e96;font-size:.9rem;margin:0 0 8px}
.offer{border-top:1px solid #f1f3f5;padding:10px 0 4px}.offer h4{margin:0 0 4px;font-size:.95rem}.offer ul{list-style:none;margin:0;padding:0}
.offer li,.prices li{display:flex;gap:8px;align-items:baseline;font-size:.95rem}.offer li span,.prices li span{min-width:90px;color:#495057}.prices{list-style:none;padding:0}.was{color:#868e96;font-size:.85rem}
.approx{color:#868e96;font-size:.85rem}.book{display:inline-block;margin-top:8px;padding:7px 16px;border-radius:8px;background:#1c3d8f;color:#fff;text-decoration:none;font-weight:600}
.i{flex:none;vertical-align:-3px}section.contacts,section.partners,section.social{margin-top:28px}
.cards{list-style:none;padding:0;margin:0;display:grid;gap:10px;grid-template-columns:repeat(auto-fill,minmax(230px,1fr))}.cards .wide{grid-column:1/-1}
.card{display:flex;gap:12px;align-items:flex-start;height:100%;padding:12px 14px;background:#fff;border:1px solid #e9ecef;border-radius:12px;text-decoration:none;color:#1a1b1e;overflow-wrap:anywhere}
a.card:hover{border-color:#1c3d8f}.card .ic{display:grid;place-items:center;width:40px;height:40px;border-radius:50%;background:#eef1fb;color:#1c3d8f;flex:none}
.card small{display:block;color:#868e96;font-size:.8rem}.card b{display:block;font-weight:600}.card a{font-size:.9rem}
.chips{list-style:none;padding:0;margin:0;display:flex;flex-wrap:wrap;gap:8px}.chip{display:inline-flex;align-items:center;gap:8px;padding:8px 14px;border:1px solid #dee2e6;border-radius:999px;background:#fff;color:#1a1b1e;text-decoration:none;font-weight:600}
a.chip:hover{border-color:#1c3d8f;color:#1c3d8f}footer{color:#495057;font-size:.9rem;border-top:1px solid #e9ecef;margin-top:28px}footer img{max-height:40px;width:auto}`;

type BookUrl = (offerId: number) => string;

function TourCard({
  tour,
  index,
  hasHero,
  words,
  bookUrl,
}: {
  tour: ShopData['tours'][number];
  index: number;
  hasHero: boolean;
  words: Record<string, string>;
  bookUrl: BookUrl;
}): Markup {
  const first = tour.offers[0];
  const href = first ? bookUrl(first.offerId) : '';
  const image = (
    <img
      src={tour.image.url}
      srcset={tour.image.key ? imageSrcSet(tour.image.key) : undefined}
      sizes={tour.image.key ? '(min-width: 1120px) 360px, (min-width: 700px) 48vw, 94vw' : undefined}
      alt={tour.image.alt}
      width={tour.image.width}
      height={tour.image.height}
      fetchpriority={index < 2 && !hasHero ? 'high' : undefined}
      loading={index < 2 && !hasHero ? undefined : 'lazy'}
    />
  );
  return (
    <li class="tour" data-testid="shop-tour" data-tour-id={tour.tourId}>
      {href ? (
        <a class="pic" href={href} tabindex="-1">
          {image}
        </a>
      ) : (
        image
      )}
      <div class="body">
        <h3>{href ? <a href={href}>{tour.title}</a> : tour.title}</h3>
        <p class="city">
          <Icon name="pin" size={16} /> {tour.city}
        </p>
        {tour.offers.map((offer) => (
          <div class="offer" data-testid="shop-offer" data-offer-id={offer.offerId}>
            <h4>{offer.name}</h4>
            <ul>
              {offer.prices.map((p) => (
                <PriceLine price={p} words={words} />
              ))}
            </ul>
            <a class="book" data-testid="shop-book" href={bookUrl(offer.offerId)}>
              {words.book ?? ''}
            </a>
          </div>
        ))}
      </div>
    </li>
  );
}

// `embedded`: the page is inside an agency's site (the embed code's iframe); it then runs one script of ours, which
// tells the page around it how tall the shop is
export function renderShop(data: ShopData, options: { embedded?: boolean; bookUrl: BookUrl }): string {
  const w = data.widget;
  const words = WORDS[data.language];
  const title = w.metaTitle || w.name;
  const description = w.description || data.tours.map((t) => t.title).join(', ');
  const hero = data.imageUrl(w.heroImageId);
  const footerLogo = data.imageUrl(w.footerLogoImageId);
  const ogImage = hero ?? (data.tours[0] ? new URL(data.tours[0].image.url, data.canonicalUrl).href : null);
  const heroVideo = https(w.heroVideoUrl) && !w.isHeroVideoDisabled ? w.heroVideoUrl : '';
  const footerLines = w.footerText ? w.footerText.split('\n') : [];
  return htmlDocument(
    <html lang={data.language}>
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{title}</title>
        <meta name="description" content={description} />
        {w.noIndex ? <meta name="robots" content="noindex, nofollow" /> : null}
        <link rel="canonical" href={data.canonicalUrl} />
        <meta property="og:type" content="website" />
        <meta property="og:title" content={title} />
        <meta property="og:description" content={description} />
        <meta property="og:url" content={data.canonicalUrl} />
        <meta property="og:locale" content={OG_LOCALE[data.language]} />
        {ogImage ? <meta property="og:image" content={ogImage} /> : null}
        <meta name="twitter:card" content={ogImage ? 'summary_large_image' : 'summary'} />
        <script type="application/ld+json">{scriptJson(structuredData(data))}</script>
        <style>{raw(STYLE)}</style>
        {options.embedded ? <script src={EMBED_FRAME_PATH} defer></script> : null}
      </head>
      <body>
        <HeaderBlock data={data} />
        {heroVideo ? (
          <div class="hero">
            <video src={heroVideo} poster={hero ?? undefined} autoplay muted loop playsinline></video>
          </div>
        ) : hero ? (
          <div class="hero">
            <img src={hero} alt={w.name} width="1600" height="600" fetchpriority="high" />
          </div>
        ) : null}
        <main>
          <h1>{w.offersSectionTitle || w.name}</h1>
          {w.description ? <p class="lead">{w.description}</p> : null}
          {w.discountPercent > 0 ? (
            <p class="discount">{fill(words.discount, { percent: w.discountPercent })}</p>
          ) : null}
          <ChargedNote data={data} />
          {data.tours.length > 0 ? (
            <ul class="tours" aria-label={words.tours ?? ''}>
              {data.tours.map((tour, index) => (
                <TourCard tour={tour} index={index} hasHero={hero !== null} words={words} bookUrl={options.bookUrl} />
              ))}
            </ul>
          ) : (
            <p>{words.empty ?? ''}</p>
          )}
          <ContactsBlock data={data} words={words} />
          <PartnersBlock data={data} words={words} />
          <SocialBlock data={data} words={words} />
        </main>
        {footerLogo || footerLines.length > 0 ? (
          <footer>
            {footerLogo ? (
              <>
                <img src={footerLogo} alt={w.name} />
                <br />
              </>
            ) : null}
            {footerLines.map((line, i) => (
              <>
                {i > 0 ? <br /> : null}
                {line}
              </>
            ))}
          </footer>
        ) : null}
      </body>
    </html>,
  );
}

// An embedded shop that cannot be shown: the frame script tells the page around it, which shows its own error
export function renderEmbedFailure(): string {
  return htmlDocument(
    <html data-failed>
      <head>
        <meta charset="utf-8" />
        <meta name="robots" content="noindex" />
        <script src={EMBED_FRAME_PATH}></script>
      </head>
      <body></body>
    </html>,
    '<!doctype html>',
  );
}
