import { INSIGHT_CHANNELS, UNSERVED_REASONS, type InsightChannel, type Language } from '@portal/contract';
import type { InsightQuery } from '@/config/paths';
import { listParam, type ListValues } from '../../utils/list-params';

// The filters every Insight page shares, as the URL keeps them (a tab keeps them when the operator switches pages)
export const INSIGHT_PARAMS = {
  from: listParam.day(),
  to: listParam.day(),
  site: listParam.text(),
  agency: listParam.uuid(),
  tour: listParam.id(),
  channel: listParam.oneOf(INSIGHT_CHANNELS),
};
export const AGENCY_PARAMS = { ...INSIGHT_PARAMS, view: listParam.oneOf(['dormant'] as const) };
export const DEMAND_PARAMS = { ...INSIGHT_PARAMS, reason: listParam.oneOf(UNSERVED_REASONS) };
export type InsightValues = ListValues<typeof INSIGHT_PARAMS>;

export type InsightFilters = {
  from?: string;
  to?: string;
  siteId?: string;
  agencyId?: string;
  tourId?: number;
  channel?: InsightChannel;
};

// The URL's values as the API's query: a tour that is no whole number is no filter
export function insightFilters(values: InsightValues): InsightFilters {
  const tourId = Number(values.tour);
  return {
    ...(values.from && values.to ? { from: values.from, to: values.to } : {}),
    ...(values.site ? { siteId: values.site } : {}),
    ...(values.agency ? { agencyId: values.agency } : {}),
    ...(Number.isSafeInteger(tourId) && tourId > 0 ? { tourId } : {}),
    ...(values.channel ? { channel: values.channel } : {}),
  };
}

// The shared filters for a link to another Insight page
export function insightLinkQuery(values: InsightValues): InsightQuery {
  const { from, to, site, agency, tour, channel } = values;
  return { from, to, site, agency, tour, channel };
}

const INTL_LOCALE: Record<Language, string> = { en: 'en-US', ru: 'ru-RU' };

// A share (0..1) as a percentage, '—' when there is none
export function formatShare(value: number | null, language: Language): string {
  if (value === null) return '—';
  return new Intl.NumberFormat(INTL_LOCALE[language], { style: 'percent', maximumFractionDigits: 1 }).format(value);
}

// A change against the previous period, signed: '+50%', '−20%'; null when the previous period had nothing
export function formatTrend(value: number | null, language: Language): string | null {
  if (value === null) return null;
  return new Intl.NumberFormat(INTL_LOCALE[language], {
    style: 'percent',
    maximumFractionDigits: 0,
    signDisplay: 'exceptZero',
  }).format(value);
}
