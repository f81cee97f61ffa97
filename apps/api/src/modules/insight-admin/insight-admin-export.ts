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

// A page's table over its period: the file and sheet named for the page, the period as its title, the headers' words
function pageTable(
  page: 'funnel' | 'agencies' | 'demand' | 'sales',
  period: InsightPeriod,
  t: Translate<'documents'>,
  headers: readonly Header[],
  rows: InsightCell[][],
): InsightTable {
  return {
    fileName: `insight-${page}-${period.from}-${period.to}`,
    sheet: t(`insight.sheets.${page}`),
    title: t('insight.period', { from: period.from, to: period.to }),
    headers: headers.map((key) => t(`insight.headers.${key}`)),
    rows,
  };
}

export function funnelTable(answer: FunnelResponse, language: Language): InsightTable {
  const t = translator(language, 'documents');
  const portal = t('insight.channels.portal');
  const sessions = t('insight.units.sessions');
  const bookings = t('insight.units.bookings');
  return pageTable(
    'funnel',
    answer.period,
    t,
    ['channel', 'step', 'counted', 'count', 'fromPrevious', 'fromFirst'],
    [
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
  );
}

export function agenciesTable(answer: AgencyActivityResponse, language: Language): InsightTable {
  const t = translator(language, 'documents');
  return pageTable(
    'agencies',
    answer.period,
    t,
    [
      'agency',
      'site',
      'status',
      'lastLogin',
      'sessions',
      'searches',
      'previousSearches',
      'searchesTrend',
      'bookings',
      'previousBookings',
      'bookingsTrend',
      'dormant',
    ],
    answer.items.map((row) => [
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
  );
}

export function demandTable(answer: UnservedDemandResponse, language: Language): InsightTable {
  const t = translator(language, 'documents');
  return pageTable(
    'demand',
    answer.period,
    t,
    ['tour', 'option', 'date', 'reasons', 'seats', 'asked', 'agencies', 'agencyNames'],
    answer.items.map((row) => [
      text(row.tourTitle[language] || row.tourTitle.en),
      text(row.offerName ? row.offerName[language] || row.offerName.en : null),
      { kind: 'date', value: row.date },
      text(row.reasons.map((reason) => t(`insight.reasons.${reason}`)).join(', ')),
      count(row.seats),
      count(row.asked),
      count(row.agencies),
      text(row.agencyNames.join(', ')),
    ]),
  );
}

export function salesTable(answer: SalesResponse, language: Language): InsightTable {
  const t = translator(language, 'documents');
  return pageTable(
    'sales',
    answer.period,
    t,
    ['channel', 'currency', 'bookings', 'net'],
    answer.rows.map((row) => [
      text(t(`insight.channels.${row.channel}`)),
      text(row.currencyCode.toUpperCase()),
      count(row.bookings),
      { kind: 'money', value: row.net, currency: row.currencyCode },
    ]),
  );
}
