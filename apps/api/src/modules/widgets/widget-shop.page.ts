import type { Language } from '@portal/contract';
import { imageSrcSet } from '@portal/contract/plain';
import { escapeHtml, jsonForScript } from '../../lib/html.ts';
import { icon, isIconName, type IconName } from './shop-icons.ts';
import type { ShopData, ShopPrice } from './widget-shop.service.ts';

export const EMBED_FRAME_PATH = '/w/embed.js';

// The public shop's HTML (issue 13 item 2): everything a search engine and a slow phone need is in the first answer —
// the tours and prices in the widget's language and currency, the SEO tab's title, description, robots, canonical
// URL, Open Graph tags and schema.org data, the media, contacts, partners and social links. No script runs to show
// it. Every value the agency typed is escaped here, once.

export const WORDS: Record<Language, Record<string, string>> = {
  en: {
    adult: 'Adult',
    child: 'Child',
    trip: 'Per trip',
    contacts: 'Contacts',
    partners: 'Partners',
    follow: 'Follow us',
    map: 'Open the map',
    phone: 'Phone',
    email: 'E-mail',
    address: 'Address',
    tours: 'Tours',
    empty: 'New tours are coming soon.',
    book: 'Book now',
    charged: 'Prices are charged in {currency}; {other} amounts are at the fixed rate of 3.65 AED to 1 USD.',
    discount: '{percent}% off every tour',
  },
  ru: {
    adult: 'Взрослый',
    child: 'Детский',
    trip: 'За поездку',
    contacts: 'Контакты',
    partners: 'Партнёры',
    follow: 'Мы в соцсетях',
    map: 'Открыть карту',
    phone: 'Телефон',
    email: 'E-mail',
    address: 'Адрес',
    tours: 'Туры',
    empty: 'Скоро здесь появятся туры.',
    book: 'Забронировать',
    charged: 'Оплата в {currency}; суммы в {other} — по фиксированному курсу 3,65 AED за 1 USD.',
    discount: 'Скидка {percent}% на все туры',
  },
};

const SOCIAL_NAMES: Record<string, string> = {
  facebook: 'Facebook',
  instagram: 'Instagram',
  tiktok: 'TikTok',
  youtube: 'YouTube',
  x: 'X',
  linkedin: 'LinkedIn',
  vk: 'VK',
};

const e = escapeHtml;
// a link the agency typed is kept only as https (the contract allows no other; old or hand-edited rows included)
export const https = (url: string) => (/^https:\/\/[^\s]+$/i.test(url) ? url : '');

const digits = (phone: string) => phone.replace(/[^\d+]/g, '');

export function priceLine(price: ShopPrice, words: Record<string, string>): string {
  const was = price.was ? ` <s class="was">${e(price.was)}</s>` : '';
  const approx = price.approx ? ` <span class="approx" data-testid="price-approx">≈ ${e(price.approx)}</span>` : '';
  return `<li data-price="${price.kind}"><span>${e(words[price.kind] ?? price.kind)}</span> <b>${e(price.paid)}</b>${was}${approx}</li>`;
}

// the embed code asked for another currency: the prices are charged in the shop's, the other shown at the fixed rate
export function chargedNote(data: ShopData): string {
  if (!data.alsoIn) return '';
  const text = (WORDS[data.language].charged ?? '')
    .replace('{currency}', data.currency.toUpperCase())
    .replace('{other}', data.alsoIn.toUpperCase());
  return `<p class="lead" data-testid="charged-note">${e(text)}</p>`;
}

type ContactItem = { icon: IconName; label: string; value: string; href: string; external?: boolean; testId: string };

function contactItems(data: ShopData, words: Record<string, string>): ContactItem[] {
  const c = data.widget.contacts;
  const items: ContactItem[] = [];
  if (c.phone)
    items.push({
      icon: 'phone',
      label: words.phone ?? '',
      value: c.phone,
      href: `tel:${digits(c.phone)}`,
      testId: 'phone',
    });
  if (c.whatsapp)
    items.push({
      icon: 'whatsapp',
      label: 'WhatsApp',
      value: c.whatsapp,
      href: `https://wa.me/${digits(c.whatsapp).replace('+', '')}`,
      external: true,
      testId: 'whatsapp',
    });
  if (c.email)
    items.push({ icon: 'mail', label: words.email ?? '', value: c.email, href: `mailto:${c.email}`, testId: 'email' });
  if (c.telegram) {
    const name = c.telegram.replace(/^@/, '');
    items.push({
      icon: 'telegram',
      label: 'Telegram',
      value: `@${name}`,
      href: `https://t.me/${name}`,
      external: true,
      testId: 'telegram',
    });
  }
  if (c.viber)
    items.push({
      icon: 'viber',
      label: 'Viber',
      value: c.viber,
      href: `viber://chat?number=${digits(c.viber)}`,
      testId: 'viber',
    });
  return items;
}

// the header's quick ways to reach the agency: its phone and WhatsApp as icons
export function headerBlock(data: ShopData): string {
  const w = data.widget;
  const logo = data.imageUrl(w.logoImageId);
  const quick = contactItems(data, WORDS[data.language])
    .filter((item) => item.icon === 'phone' || item.icon === 'whatsapp')
    .map(
      (item) =>
        `<a class="quick" href="${e(item.href)}"${item.external ? ' rel="noopener" target="_blank"' : ''} aria-label="${e(`${item.label} ${item.value}`)}">${icon(item.icon, 20)}<span>${e(item.icon === 'phone' ? item.value : item.label)}</span></a>`,
    )
    .join('');
  return `<header>${logo ? `<img src="${e(logo)}" alt="${e(w.name)}" height="48">` : ''}<span class="name">${e(w.name)}</span>${quick ? `<nav class="quicks">${quick}</nav>` : ''}</header>`;
}

export function contactsBlock(data: ShopData, words: Record<string, string>): string {
  const c = { ...data.widget.contacts, mapLink: https(data.widget.contacts.mapLink) };
  const cards = contactItems(data, words).map(
    (item) =>
      `<li><a class="card" data-contact="${item.testId}" href="${e(item.href)}"${item.external ? ' rel="noopener" target="_blank"' : ''}><span class="ic">${icon(item.icon, 22)}</span><span><small>${e(item.label)}</small><b>${e(item.value)}</b></span></a></li>`,
  );
  if (c.address || c.mapLink) {
    const map = c.mapLink
      ? `<a href="${e(c.mapLink)}" rel="noopener" target="_blank">${icon('map', 16)} ${e(words.map ?? '')}</a>`
      : '';
    cards.push(
      `<li class="wide"><div class="card" data-contact="address"><span class="ic">${icon('pin', 22)}</span><span><small>${e(words.address ?? '')}</small>${c.address ? `<b>${e(c.address)}</b>` : ''}${map}</span></div></li>`,
    );
  }
  if (cards.length === 0) return '';
  return `<section class="contacts" id="contacts" data-testid="shop-contacts"><h2>${e(words.contacts ?? '')}</h2><ul class="cards">${cards.join('')}</ul></section>`;
}

function partnersBlock(data: ShopData, words: Record<string, string>): string {
  const partners = data.widget.partners.filter((p) => p.name).map((p) => ({ ...p, url: https(p.url) }));
  if (partners.length === 0) return '';
  const items = partners.map((p) =>
    p.url
      ? `<li><a class="chip" href="${e(p.url)}" rel="nofollow noopener" target="_blank">${icon('globe', 18)}<span>${e(p.name)}</span></a></li>`
      : `<li><span class="chip">${icon('check', 18)}<span>${e(p.name)}</span></span></li>`,
  );
  return `<section class="partners" data-testid="shop-partners"><h2>${e(words.partners ?? '')}</h2><ul class="chips">${items.join('')}</ul></section>`;
}

function socialBlock(data: ShopData, words: Record<string, string>): string {
  const links = Object.entries(data.widget.socialLinks).filter(([, url]) => https(url));
  if (links.length === 0) return '';
  const items = links.map(
    ([network, url]) =>
      `<li><a class="chip social" href="${e(url)}" rel="noopener me" target="_blank">${icon(isIconName(network) ? network : 'globe', 20)}<span>${e(SOCIAL_NAMES[network] ?? network)}</span></a></li>`,
  );
  return `<section class="social" data-testid="shop-social"><h2>${e(words.follow ?? '')}</h2><ul class="chips">${items.join('')}</ul></section>`;
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
            price: (first.paidMinor / 100).toFixed(2),
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

// `embedded`: the page is inside an agency's site (the embed code's iframe); it then runs one script of ours, which
// tells the page around it how tall the shop is
export function renderShop(
  data: ShopData,
  options: { embedded?: boolean; bookUrl: (offerId: number) => string },
): string {
  const w = data.widget;
  const words = WORDS[data.language];
  const title = w.metaTitle || w.name;
  const description = w.description || data.tours.map((t) => t.title).join(', ');
  const hero = data.imageUrl(w.heroImageId);
  const footerLogo = data.imageUrl(w.footerLogoImageId);
  const ogImage = hero ?? (data.tours[0] ? new URL(data.tours[0].image.url, data.canonicalUrl).href : null);
  const meta = [
    `<meta name="description" content="${e(description)}">`,
    w.noIndex ? '<meta name="robots" content="noindex, nofollow">' : '',
    `<link rel="canonical" href="${e(data.canonicalUrl)}">`,
    `<meta property="og:type" content="website">`,
    `<meta property="og:title" content="${e(title)}">`,
    `<meta property="og:description" content="${e(description)}">`,
    `<meta property="og:url" content="${e(data.canonicalUrl)}">`,
    `<meta property="og:locale" content="${data.language === 'ru' ? 'ru_RU' : 'en_US'}">`,
    ogImage ? `<meta property="og:image" content="${e(ogImage)}">` : '',
    `<meta name="twitter:card" content="${ogImage ? 'summary_large_image' : 'summary'}">`,
  ]
    .filter(Boolean)
    .join('\n');
  const heroBlock =
    https(w.heroVideoUrl) && !w.isHeroVideoDisabled
      ? `<div class="hero"><video src="${e(w.heroVideoUrl)}"${hero ? ` poster="${e(hero)}"` : ''} autoplay muted loop playsinline></video></div>`
      : hero
        ? `<div class="hero"><img src="${e(hero)}" alt="${e(w.name)}" width="1600" height="600" fetchpriority="high"></div>`
        : '';
  const tours = data.tours
    .map((tour, index) => {
      const first = tour.offers[0];
      const href = first ? e(options.bookUrl(first.offerId)) : '';
      const image = `<img src="${e(tour.image.url)}"${tour.image.key ? ` srcset="${e(imageSrcSet(tour.image.key))}" sizes="(min-width: 1120px) 360px, (min-width: 700px) 48vw, 94vw"` : ''} alt="${e(tour.image.alt)}" width="${tour.image.width}" height="${tour.image.height}"${index < 2 && !hero ? ' fetchpriority="high"' : ' loading="lazy"'}>`;
      return `<li class="tour" data-testid="shop-tour" data-tour-id="${tour.tourId}">
${href ? `<a class="pic" href="${href}" tabindex="-1">${image}</a>` : image}
<div class="body"><h3>${href ? `<a href="${href}">${e(tour.title)}</a>` : e(tour.title)}</h3><p class="city">${icon('pin', 16)} ${e(tour.city)}</p>
${tour.offers
  .map(
    (offer) =>
      `<div class="offer" data-testid="shop-offer" data-offer-id="${offer.offerId}"><h4>${e(offer.name)}</h4><ul>${offer.prices.map((p) => priceLine(p, words)).join('')}</ul><a class="book" data-testid="shop-book" href="${e(options.bookUrl(offer.offerId))}">${e(words.book ?? '')}</a></div>`,
  )
  .join('\n')}
</div></li>`;
    })
    .join('\n');
  const discount =
    w.discountPercent > 0
      ? `<p class="discount">${e((words.discount ?? '').replace('{percent}', String(w.discountPercent)))}</p>`
      : '';
  const footerText = w.footerText
    .split('\n')
    .map((line) => e(line))
    .join('<br>');
  return `<!doctype html>
<html lang="${data.language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${e(title)}</title>
${meta}
<script type="application/ld+json">${jsonForScript(structuredData(data))}</script>
<style>${STYLE}</style>
${options.embedded ? `<script src="${EMBED_FRAME_PATH}" defer></script>` : ''}
</head>
<body>
${headerBlock(data)}
${heroBlock}
<main>
<h1>${e(w.offersSectionTitle || w.name)}</h1>
${w.description ? `<p class="lead">${e(w.description)}</p>` : ''}
${discount}
${chargedNote(data)}
${data.tours.length > 0 ? `<ul class="tours" aria-label="${e(words.tours ?? '')}">${tours}</ul>` : `<p>${e(words.empty ?? '')}</p>`}
${contactsBlock(data, words)}
${partnersBlock(data, words)}
${socialBlock(data, words)}
</main>
${footerLogo || footerText ? `<footer>${footerLogo ? `<img src="${e(footerLogo)}" alt="${e(w.name)}"><br>` : ''}${footerText}</footer>` : ''}
</body>
</html>`;
}

// An embedded shop that cannot be shown: the frame script tells the page around it, which shows its own error
export function renderEmbedFailure(): string {
  return `<!doctype html><html data-failed><head><meta charset="utf-8"><meta name="robots" content="noindex"><script src="${EMBED_FRAME_PATH}"></script></head><body></body></html>`;
}
