import {
  SOCIAL_NETWORKS,
  WIDGET_MESSAGES,
  WidgetBody,
  minimumSaleMinor,
  saleBelowMinimumMessage,
} from '@portal/contract';
import type {
  CurrencyCode,
  Language,
  Widget,
  WidgetContacts,
  WidgetOfferPricesResponse,
  WidgetPartner,
  WidgetPriceOffer,
  WidgetSocialLinks,
  WidgetType,
} from '@portal/contract';
import { currencyForLanguage, divideUp, minorToMajor, minorToMajorOrNull, toMinor } from '@portal/contract/plain';
import { zodValidate } from '@/lib/form';
import { translateMessage } from '@/lib/i18n';
import { formatMoney } from '@/lib/format';

export type PriceValue = number | '';
export type OfferValue = {
  offerId: number;
  tourId: number;
  saleAdult: PriceValue;
  saleChild: PriceValue;
  saleTrip: PriceValue;
};

export type WidgetFormValues = {
  name: string;
  type: WidgetType;
  currency: CurrencyCode;
  language: Language;
  domain: string;
  slug: string;
  offersSectionTitle: string;
  footerText: string;
  googleConversionActionId: string;
  metaTitle: string;
  description: string;
  noIndex: boolean;
  heroVideoUrl: string;
  isHeroVideoDisabled: boolean;
  logoImageId: string | null;
  footerLogoImageId: string | null;
  heroImageId: string | null;
  contacts: WidgetContacts;
  partners: WidgetPartner[];
  socialLinks: WidgetSocialLinks;
  discountPercent: number | '';
  offers: OfferValue[];
};

export const TABS = ['general', 'seo', 'media', 'contacts', 'partners', 'social'] as const;
export type EditorTab = (typeof TABS)[number];

// Which tab holds a field (a server error on a field in a hidden tab opens it); null: the price table
export function tabOfField(field: string): EditorTab | null {
  const head = field.split('.')[0] ?? '';
  if (['metaTitle', 'description', 'noIndex', 'googleConversionActionId'].includes(head)) return 'seo';
  if (['heroVideoUrl', 'isHeroVideoDisabled', 'logoImageId', 'footerLogoImageId', 'heroImageId'].includes(head))
    return 'media';
  if (head === 'contacts') return 'contacts';
  if (head === 'partners') return 'partners';
  if (head === 'socialLinks') return 'social';
  if (head === 'offers' || head === 'discountPercent') return null;
  return 'general';
}

const EMPTY_SOCIAL = Object.fromEntries(SOCIAL_NETWORKS.map((n) => [n, ''])) as WidgetSocialLinks;

export function newWidgetValues(language: Language): WidgetFormValues {
  return {
    name: '',
    type: 'multipleTours',
    currency: currencyForLanguage(language),
    language,
    domain: '',
    slug: '',
    offersSectionTitle: '',
    footerText: '',
    googleConversionActionId: '',
    metaTitle: '',
    description: '',
    noIndex: false,
    heroVideoUrl: '',
    isHeroVideoDisabled: false,
    logoImageId: null,
    footerLogoImageId: null,
    heroImageId: null,
    contacts: { address: '', mapLink: '', email: '', telegram: '', phone: '', whatsapp: '', viber: '' },
    partners: [],
    socialLinks: EMPTY_SOCIAL,
    discountPercent: 0,
    offers: [],
  };
}

const price = (value: number | null): PriceValue => (value === null ? '' : value);

export function formValuesOf(widget: Widget): WidgetFormValues {
  return {
    name: widget.name,
    type: widget.type,
    currency: widget.currency,
    language: widget.language,
    domain: widget.domain,
    slug: widget.slug,
    offersSectionTitle: widget.offersSectionTitle,
    footerText: widget.footerText,
    googleConversionActionId: widget.googleConversionActionId,
    metaTitle: widget.metaTitle,
    description: widget.description,
    noIndex: widget.noIndex,
    heroVideoUrl: widget.heroVideoUrl,
    isHeroVideoDisabled: widget.isHeroVideoDisabled,
    logoImageId: widget.logoImageId,
    footerLogoImageId: widget.footerLogoImageId,
    heroImageId: widget.heroImageId,
    contacts: widget.contacts,
    partners: widget.partners,
    socialLinks: { ...EMPTY_SOCIAL, ...widget.socialLinks },
    discountPercent: widget.discountPercent,
    offers: widget.offers.map((o) => ({
      offerId: o.offerId,
      tourId: o.tourId,
      saleAdult: price(o.saleAdult),
      saleChild: price(o.saleChild),
      saleTrip: price(o.saleTrip),
    })),
  };
}

const orNull = (value: PriceValue) => (value === '' ? null : value);

export function bodyOf(values: WidgetFormValues): WidgetBody {
  return {
    ...values,
    discountPercent: values.discountPercent === '' ? 0 : values.discountPercent,
    offers: values.offers.map((o) => ({
      offerId: o.offerId,
      saleAdult: orNull(o.saleAdult),
      saleChild: orNull(o.saleChild),
      saleTrip: orNull(o.saleTrip),
    })),
  };
}

export const PRICE_KEYS = [
  ['saleAdult', 'netAdult'],
  ['saleChild', 'netChild'],
  ['saleTrip', 'netTrip'],
] as const;

// The least sale price of one price (major units), after the discount; null: no sale price can
export function minimumSale(net: number, discountPercent: number): number | null {
  return minorToMajorOrNull(minimumSaleMinor(toMinor(net), discountPercent));
}

// A sale price at a margin over NET (major units), rounded up to the cent and never under the least sale price after
// the discount; '' when no sale price can be (a 100 % discount on a paid option)
export function priceAtMargin(net: number, marginPercent: number, discountPercent: number): PriceValue {
  const leastMinor = minimumSaleMinor(toMinor(net), discountPercent);
  if (leastMinor === null) return '';
  const atMarginMinor = divideUp(toMinor(net) * (100 + marginPercent), 100);
  return minorToMajor(Math.max(atMarginMinor, leastMinor));
}

export function offersById(prices: WidgetOfferPricesResponse | undefined): Map<number, WidgetPriceOffer> {
  return new Map((prices?.tours ?? []).flatMap((tour) => tour.offers.map((offer) => [offer.offerId, offer])));
}

// The contract's schema, then the sale prices against NET (the server checks the same, SPEC §9)
export function validateWidget(
  values: WidgetFormValues,
  prices: WidgetOfferPricesResponse | undefined,
  language: Language,
) {
  const errors = zodValidate(WidgetBody)(bodyOf(values));
  const byId = offersById(prices);
  const discount = values.discountPercent === '' ? 0 : values.discountPercent;
  values.offers.forEach((offer, index) => {
    const net = byId.get(offer.offerId);
    if (!net) return;
    for (const [saleKey, netKey] of PRICE_KEYS) {
      const path = `offers.${index}.${saleKey}`;
      const netValue = net[netKey];
      const sale = offer[saleKey];
      if (netValue === null) continue;
      if (sale === '') {
        errors[path] = translateMessage(WIDGET_MESSAGES.priceRequired);
        continue;
      }
      const minimum = minimumSale(netValue, discount);
      if (minimum === null || toMinor(sale) < toMinor(minimum))
        errors[path] = translateMessage(
          saleBelowMinimumMessage(minimum === null ? '—' : formatMoney(minimum, values.currency, language), discount),
        );
    }
  });
  return errors;
}
