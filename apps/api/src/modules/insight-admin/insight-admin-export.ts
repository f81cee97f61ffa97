import {
  trendOf,
  type AgencyActivityResponse,
  type CurrencyCode,
  type FunnelResponse,
  type InsightPeriod,
  type Language,
  type SalesResponse,
  type UnservedDemandResponse,
} from '@portal/contract';
import { translator, type Translate } from '../../lib/i18n.ts';

// An Insight page as a table for its CSV and xlsx files: the same rows the page shows (every row, no pages), each
// cell typed so both writers give it its own form (a share as a share, money in its currency, text never a formula).

export type InsightCell =
  | { kind: 'text'; value: string | null }
  | { kind: 'count'; value: number }
  // a share of a whole (0..1) or a change (+0.5); null: none to take
  | { kind: 'share'; value: number | null }
  | { kind: 'money'; value: number; currency: CurrencyCode }
  // yyyy-MM-dd
  | { kind: 'date'; value: string | null }
  // an ISO instant, shown at Dubai's wall clock
  | { kind: 'instant'; value: string | null };

export type InsightTable = {
  // the file's name without its extension
  fileName: string;
  sheet: string;
  // above the headers: what the table covers
  title: string;
  headers: string[];
  rows: InsightCell[][];
};

const text = (value: string | null): InsightCell => ({ kind: 'text', value });
const count = (value: number): InsightCell => ({ kind: 'count', value });
const share = (value: number | null): InsightCell => ({ kind: 'share', value });

type HeaderOf<K> = K extends `insight.headers.${infer H}` ? H : never;
type Header = HeaderOf<Parameters<Translate<'documents'>>[0]>;

function words(language: Language) {
  const t = translator(language, 'documents');
  return {
    t,
    header: (key: Header) => t(`insight.headers.${key}`),
    title: (period: InsightPeriod) => t('insight.period', { from: period.from, to: period.to }),
  };
}

const fileName = (page: string, period: InsightPeriod) => `insight-${page}-${period.from}-${period.to}`;

export function funnelTable(answer: FunnelResponse, language: Language): InsightTable {
  const { t, header, title } = words(language);
  const portal = t('insight.channels.portal');
  const sessions = t('insight.units.sessions');
  const bookings = t('insight.units.bookings');
  return {
    fileName: fileName('funnel', answer.period),
    sheet: t('insight.sheets.funnel'),
    title: title(answer.period),
    headers: [
      header('channel'),
      header('step'),
      header('counted'),
      header('count'),
      header('fromPrevious'),
      header('fromFirst'),
    ],
    rows: [
      ...answer.steps.map((row) => [
        text(portal),
        text(t(`insight.steps.${row.step}`)),
        text(sessions),
        count(row.sessions),
        share(row.fromPrevious),
        share(row.fromFirst),
      ]),
      ...answer.channels.flatMap((row) =>
        (['booking_created', 'booking_paid'] as const).map((step) => [
          text(t(`insight.channels.${row.channel}`)),
          text(t(`insight.steps.${step}`)),
          text(bookings),
          count(step === 'booking_created' ? row.booked : row.paid),
          share(null),
          share(null),
        ]),
      ),
    ],
  };
}

export function agenciesTable(answer: AgencyActivityResponse, language: Language): InsightTable {
  const { t, header, title } = words(language);
  return {
    fileName: fileName('agencies', answer.period),
    sheet: t('insight.sheets.agencies'),
    title: title(answer.period),
    headers: [
      header('agency'),
      header('site'),
      header('status'),
      header('lastLogin'),
      header('sessions'),
      header('searches'),
      header('previousSearches'),
      header('searchesTrend'),
      header('bookings'),
      header('previousBookings'),
      header('bookingsTrend'),
      header('dormant'),
    ],
    rows: answer.items.map((row) => [
      text(row.name),
      text(row.siteId),
      text(t(`insight.statuses.${row.status}`)),
      { kind: 'instant', value: row.lastLoginAt },
      count(row.sessions),
      count(row.searches),
      count(row.previousSearches),
      share(trendOf(row.searches, row.previousSearches)),
      count(row.bookings),
      count(row.previousBookings),
      share(trendOf(row.bookings, row.previousBookings)),
      text(row.isDormant ? t('insight.yes') : t('insight.no')),
    ]),
  };
}

export function demandTable(answer: UnservedDemandResponse, language: Language): InsightTable {
  const { t, header, title } = words(language);
  return {
    fileName: fileName('demand', answer.period),
    sheet: t('insight.sheets.demand'),
    title: title(answer.period),
    headers: [
      header('tour'),
      header('option'),
      header('date'),
      header('reasons'),
      header('seats'),
      header('asked'),
      header('agencies'),
      header('agencyNames'),
    ],
    rows: answer.items.map((row) => [
      text(row.tourTitle[language] || row.tourTitle.en),
      text(row.offerName ? row.offerName[language] || row.offerName.en : null),
      { kind: 'date', value: row.date },
      text(row.reasons.map((reason) => t(`insight.reasons.${reason}`)).join(', ')),
      count(row.seats),
      count(row.asked),
      count(row.agencies),
      text(row.agencyNames.join(', ')),
    ]),
  };
}

export function salesTable(answer: SalesResponse, language: Language): InsightTable {
  const { t, header, title } = words(language);
  return {
    fileName: fileName('sales', answer.period),
    sheet: t('insight.sheets.sales'),
    title: title(answer.period),
    headers: [header('channel'), header('currency'), header('bookings'), header('net')],
    rows: answer.rows.map((row) => [
      text(t(`insight.channels.${row.channel}`)),
      text(row.currencyCode.toUpperCase()),
      count(row.bookings),
      { kind: 'money', value: row.net, currency: row.currencyCode },
    ]),
  };
}
