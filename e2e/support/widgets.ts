import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'vitest';
import type { FrameLocator, Page } from 'playwright-core';
import type { Widget, WidgetOfferPricesResponse, WidgetPriceOffer } from '@portal/contract';
import { divideUp, minorToMajor, toMinor } from '@portal/contract';

// NET + 10 %, rounded up to the cent
export const atTenPercent = (net: number) => minorToMajor(divideUp(toMinor(net) * 110, 100));

type Api = <T>(email: string, path: string, init?: { method?: string; body?: unknown }) => Promise<T>;

// two per-person options of two tours, each with adult and child NET
export async function twoOffers(api: Api, email: string, currency: 'aed' | 'usd') {
  const table = await api<WidgetOfferPricesResponse>(email, `/b2b/widgets/offer-prices?currency=${currency}`);
  const picks: { tourId: number; offer: WidgetPriceOffer }[] = [];
  for (const tour of table.tours) {
    const offer = tour.offers.find((o) => o.pricingUnit === 'person' && o.netAdult !== null && o.netChild !== null);
    if (offer) picks.push({ tourId: tour.tourId, offer });
    if (picks.length === 2) break;
  }
  expect(picks).toHaveLength(2);
  return picks;
}

// the options of a widget at NET + 10 % (per adult and child)
export function atTenPercentOf(picks: { offer: WidgetPriceOffer }[]) {
  return picks.map(({ offer }) => ({
    offerId: offer.offerId,
    saleAdult: atTenPercent(offer.netAdult ?? 0),
    saleChild: atTenPercent(offer.netChild ?? 0),
    saleTrip: null,
  }));
}

// the options of a widget at NET + 10 % twice (per adult and child): still above the minimum after a 5 % discount
export function aboveTheDiscountOf(picks: { offer: WidgetPriceOffer }[]) {
  return picks.map(({ offer }) => ({
    offerId: offer.offerId,
    saleAdult: atTenPercent(atTenPercent(offer.netAdult ?? 0)),
    saleChild: atTenPercent(atTenPercent(offer.netChild ?? 0)),
    saleTrip: null,
  }));
}

// a shop's contacts as an agency fills them in
export const SHOP_CONTACTS = {
  address: 'Office 305, Sheikh Zayed Road, Dubai',
  mapLink: 'https://maps.example.com/office',
  email: 'sales@example.com',
  telegram: '@desert_tours',
  phone: '+971 50 123 4567',
  whatsapp: '+971 50 123 4567',
  viber: '',
};

// the demo agencies' shop names and offers titles: Desert Rose's in English, Volga Tours' in Russian
export const shopTitles = (isRu: boolean) => ({
  name: isRu ? 'Волга Тур: Дубай' : 'Desert Rose Shop',
  offersSectionTitle: isRu ? 'Туры по ОАЭ' : 'Tours in the UAE',
});

// A shop of many tours made through the API, as the editor saves one; `fields` the rest of the widget
export function createShop(
  api: Api,
  email: string,
  fields: { name: string; language: 'en' | 'ru'; currency: 'aed' | 'usd' } & Record<string, unknown>,
) {
  return api<Widget>(email, '/b2b/widgets', { method: 'POST', body: { type: 'multipleTours', ...fields } });
}

// The agency's own website: another origin (a loopback port of its own) serving the page it is given
export async function agencySite(html: string): Promise<{ url: string; close: () => Promise<void> }> {
  const site = http.createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(html);
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  const { port } = site.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/`, close: () => new Promise((resolve) => site.close(() => resolve())) };
}

// the guest's details as a customer types them; the pick-up hotel from the list when the option has pick-up
export async function fillGuest(form: FrameLocator | Page, email: string) {
  await form.getByLabel(/^(Full name|Имя и фамилия)$/).fill('Olga Smirnova');
  await form.getByLabel(/^(E-mail)$/).fill(email);
  await form.getByLabel(/^(Repeat e-mail|Повторите e-mail)$/).fill(email);
  await form.getByLabel(/^(Phone|Телефон)$/).fill('+7 912 345 67 89');
  const hotels = form.locator('select[name="hotelId"]');
  if ((await hotels.count()) > 0) await hotels.selectOption({ index: 1 });
  else await form.getByLabel(/^(Hotel|Отель)$/).fill('Address Downtown');
  await form.getByLabel(/^(Room|Номер)$/).fill('1204');
}
