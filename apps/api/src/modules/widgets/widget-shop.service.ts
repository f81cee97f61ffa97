import type { CurrencyCode, Language, WidgetTourQuery, WidgetTourResponse } from '@portal/contract';
import { WIDGET_PUBLIC_MESSAGES, convertMinor, discountedMinor, minorToMajor, widgetImageUrl } from '@portal/contract';
import { AppError } from '../../lib/app-error.ts';
import { tourCard, type CatalogueSnapshot } from '../catalogue/index.ts';
import { formatMoney } from '../documents/index.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { dubaiDate } from '../../lib/dubai-time.ts';
import { isVerifiedDomain } from './widget-domains.repo.ts';
import * as repo from './widgets.repo.ts';
import type { WidgetOfferRow, WidgetRow } from './widgets.repo.ts';

// What a customer pays for one price of an option: after the widget's discount, with the price before it when the
// discount lowers it
export type ShopPrice = {
  kind: 'adult' | 'child' | 'trip';
  paidMinor: number;
  paid: string;
  wasMinor: number | null;
  was: string | null;
  // the embed code's data-currency when it is not the shop's: the price in it at the fixed rate, for reference only
  approx: string | null;
};
export type ShopOffer = { offerId: number; name: string; prices: ShopPrice[] };
export type ShopTour = {
  tourId: number;
  title: string;
  summary: string;
  city: string;
  image: { key: string; url: string; alt: string; width: number; height: number };
  offers: ShopOffer[];
};
export type ShopData = {
  widget: WidgetRow;
  language: Language;
  currency: CurrencyCode;
  // the currency the embed code asked for, when it is not the shop's: shown beside each price, never charged
  alsoIn: CurrencyCode | null;
  tours: ShopTour[];
  // the options it sells with their sale prices (the checkout prices a booking from these)
  offers: WidgetOfferRow[];
  // where the shop lives for search engines: its verified own domain, else its address on the portal
  canonicalUrl: string;
  imageUrl: (id: string | null) => string | null;
};

// The tours and prices of a widget's shop from the catalogue as it now stands: options that left the catalogue are
// not shown; tours in the order the agency chose their options
export function shopTours(
  snapshot: CatalogueSnapshot,
  widget: WidgetRow,
  offers: WidgetOfferRow[],
  language: Language = widget.language,
  // another currency the page was asked to show beside the shop's (prices are charged in the shop's)
  alsoIn: CurrencyCode | null = null,
): ShopTour[] {
  const view = { language, currency: widget.currency, showNet: false, today: dubaiDate() };
  const text = (value: { en: string; ru: string }) => value[language] || value.en;
  const price = (kind: ShopPrice['kind'], saleMinor: number | null): ShopPrice[] => {
    if (saleMinor === null) return [];
    const paidMinor = discountedMinor(saleMinor, widget.discountPercent);
    return [
      {
        kind,
        paidMinor,
        paid: formatMoney(paidMinor, widget.currency, language),
        wasMinor: paidMinor < saleMinor ? saleMinor : null,
        was: paidMinor < saleMinor ? formatMoney(saleMinor, widget.currency, language) : null,
        approx: alsoIn ? formatMoney(convertMinor(paidMinor, widget.currency, alsoIn), alsoIn, language) : null,
      },
    ];
  };
  const tours = new Map<number, ShopTour>();
  for (const row of offers) {
    const offer = snapshot.offerById.get(row.offerId);
    const tour = offer ? snapshot.tourById.get(offer.tourId) : undefined;
    if (!offer || !tour) continue;
    let shown = tours.get(tour.id);
    if (!shown) {
      const card = tourCard(snapshot, tour, view);
      shown = {
        tourId: tour.id,
        title: card.title,
        summary: card.summary,
        city: card.city.name,
        image: {
          key: card.heroImage.key,
          url: card.heroImage.url,
          alt: card.heroImage.alt || card.title,
          width: card.heroImage.width,
          height: card.heroImage.height,
        },
        offers: [],
      };
      tours.set(tour.id, shown);
    }
    shown.offers.push({
      offerId: offer.id,
      name: text(offer.name),
      prices: [
        ...price('adult', row.saleAdultMinor),
        ...price('child', row.saleChildMinor),
        ...price('trip', row.saleTripMinor),
      ],
    });
  }
  return [...tours.values()];
}

// A live widget's shop by its address on the portal (`/w/{slug}`) or by its verified own domain; null when there is
// none (a deleted widget, an unverified domain)
export async function findShop(
  ctx: Pick<ServiceContext, 'db'>,
  snapshot: CatalogueSnapshot,
  by: { slug: string } | { domain: string },
  // the portal site's configured address (never the request's Host header)
  portalBaseUrl: string,
  // the embed code's data-language: the page's words and tour texts in it (prices stay in the widget's currency)
  language?: Language,
  // the embed code's data-currency: shown beside the widget's prices at the fixed rate
  currency?: CurrencyCode,
): Promise<ShopData | null> {
  const found = await repo.findPublicWidget(ctx.db, by);
  if (!found) return null;
  const { row, offers } = found;
  const shownLanguage = language ?? row.language;
  const ownDomain = row.domain && row.domainStatus === 'verified' ? `https://${row.domain}` : null;
  // on its own domain the shop's links stay there (its images are served there too); on the portal, the site's address
  const base = 'domain' in by && ownDomain ? ownDomain : portalBaseUrl;
  return {
    widget: row,
    language: shownLanguage,
    currency: row.currency,
    alsoIn: currency && currency !== row.currency ? currency : null,
    tours: shopTours(snapshot, row, offers, shownLanguage, currency && currency !== row.currency ? currency : null),
    offers,
    canonicalUrl: ownDomain ? `${ownDomain}/` : `${portalBaseUrl}/w/${row.slug}`,
    imageUrl: (id) => (id ? `${base}${widgetImageUrl(id)}` : null),
  };
}

// Whether a host is a live widget's verified own domain (the shop is served there, and only there besides /w/{slug})
export function isShopDomain(ctx: Pick<ServiceContext, 'db'>, host: string): Promise<boolean> {
  return isVerifiedDomain(ctx.db, host);
}

// SPEC §7 GET /widgets/tour/url/{url}: the tour as the agency's widget sells it (the one in the asked currency when it
// has several, else its oldest), options at the customer's prices; nothing to show → the SPEC's Russian error
export async function widgetTourByUrl(
  ctx: Pick<ServiceContext, 'db'>,
  snapshot: CatalogueSnapshot,
  url: string,
  query: WidgetTourQuery,
): Promise<WidgetTourResponse> {
  const noData = () => AppError.notFound(WIDGET_PUBLIC_MESSAGES.noData);
  const tour = snapshot.tourByUrl.get(url.toLowerCase()) ?? snapshot.tourById.get(Number(url));
  if (!tour) throw noData();
  const selling = await repo.widgetsSellingTour(ctx.db, query.agencyGuid, tour.id);
  const chosen = selling.find((w) => w.row.currency === query.currencyCode) ?? selling[0];
  const shown = chosen ? shopTours(snapshot, chosen.row, chosen.offers)[0] : undefined;
  if (!chosen || !shown || shown.offers.length === 0) throw noData();
  const card = tourCard(snapshot, tour, {
    language: chosen.row.language,
    currency: chosen.row.currency,
    showNet: false,
    today: dubaiDate(),
  });
  return {
    widget: {
      slug: chosen.row.slug,
      name: chosen.row.name,
      language: chosen.row.language,
      currency: chosen.row.currency,
    },
    tour: {
      id: tour.id,
      url: tour.url,
      title: card.title,
      summary: card.summary,
      city: card.city.name,
      heroImage: card.heroImage,
    },
    offers: shown.offers.map((offer) => ({
      offerId: offer.offerId,
      name: offer.name,
      prices: offer.prices.map((p) => ({
        kind: p.kind,
        amount: minorToMajor(p.paidMinor),
        was: p.wasMinor === null ? null : minorToMajor(p.wasMinor),
      })),
    })),
  };
}
