import { describe, expect, it } from 'vitest';
import { AGENCY_PARAMS, formatShare, formatTrend, insightFilters, insightLinkQuery } from './insight-filters';
import { readListParams } from '../../utils/list-params';

const read = (search: string) => readListParams(new URLSearchParams(search), AGENCY_PARAMS);

describe('the Insight filters in the URL', () => {
  it('become the API query: a period only with both ends, a tour only as a whole number', () => {
    const agency = '5f1c1c1e-8a52-4f0e-9d3b-0c9a3c2f6b11';
    expect(
      insightFilters(read(`from=2026-03-01&to=2026-03-10&site=ru&agency=${agency}&tour=12&channel=widget`)),
    ).toEqual({ from: '2026-03-01', to: '2026-03-10', siteId: 'ru', agencyId: agency, tourId: 12, channel: 'widget' });
    expect(insightFilters(read('from=2026-03-01&tour=abc&channel=fax&agency=nope'))).toEqual({});
    expect(insightFilters(read('tour=0'))).toEqual({});
  });

  it("keep the shared ones, not the page's own, on a link to another page", () => {
    expect(insightLinkQuery(read('from=2026-03-01&to=2026-03-10&site=ru&view=dormant&page=3'))).toEqual({
      from: '2026-03-01',
      to: '2026-03-10',
      site: 'ru',
      agency: undefined,
      tour: undefined,
      channel: undefined,
    });
  });

  it('show shares and trends as percentages in the language', () => {
    expect(formatShare(0.4, 'en')).toBe('40%');
    expect(formatShare(0.1234, 'en')).toBe('12.3%');
    expect(formatShare(null, 'en')).toBe('—');
    expect(formatShare(0.5, 'ru')).toBe('50\u00a0%');
    expect(formatTrend(0.5, 'en')).toBe('+50%');
    expect(formatTrend(-0.2, 'en')).toBe('-20%');
    expect(formatTrend(0, 'en')).toBe('0%');
    expect(formatTrend(null, 'en')).toBeNull();
  });
});
