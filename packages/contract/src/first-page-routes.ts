// Which descriptor each first-page route is (paths.ts): the web app calls these by key, typed by the descriptor it
// names, without loading the descriptor itself. Types only; contract.test holds each entry to its descriptor.
import type { agencyRoutes } from './agency.ts';
import type { authRoutes } from './auth.ts';
import type { bookingRoutes } from './bookings.ts';
import type { catalogueRoutes } from './catalogue.ts';
import type { insightRoutes } from './insight-ingest.ts';
import type { layoutRoutes } from './layout.ts';
import type { stockWatchRoutes } from './stock-watches.ts';

type Catalogue = typeof catalogueRoutes;
type Bookings = typeof bookingRoutes;
type StockWatches = typeof stockWatchRoutes;

export type FirstPageRoutes = {
  login: (typeof authRoutes)['login'];
  me: (typeof authRoutes)['me'];
  layoutInfo: (typeof layoutRoutes)['info'];
  homepage: Catalogue['homepage'];
  tours: Catalogue['tours'];
  promoTours: Catalogue['promoTours'];
  tour: Catalogue['tour'];
  offersPrices: Catalogue['offersPrices'];
  availabilityByTour: Catalogue['availabilityByTour'];
  availabilityByOffer: Catalogue['availabilityByOffer'];
  ticketsForTour: Catalogue['ticketsForTour'];
  promoCode: Catalogue['promoCode'];
  alternatives: Catalogue['alternatives'];
  stockWatches: StockWatches['stockWatches'];
  createStockWatch: StockWatches['createStockWatch'];
  cancelStockWatch: StockWatches['cancelStockWatch'];
  agency: (typeof agencyRoutes)['get'];
  createBooking: Bookings['create'];
  createBookingWithCard: Bookings['createWithPaymentIntent'];
  bookingDetail: Bookings['detail'];
  requestDetail: Bookings['requestDetail'];
  payBooking: Bookings['pay'];
  balance: Bookings['balance'];
  balanceCovers: Bookings['balanceCovers'];
  paymentStatus: Bookings['paymentStatus'];
  insightEvents: (typeof insightRoutes)['ingest'];
};
