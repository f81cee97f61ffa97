import {
  FUNNEL_STEPS,
  INSIGHT_CHANNELS,
  INSIGHT_MESSAGES,
  addDays,
  insightPeriod,
  minorToMajor,
  shareOf,
  type AgencyActivityResponse,
  type FunnelResponse,
  type InsightChannel,
  type InsightOptionsResponse,
  type InsightPeriod,
  type SalesResponse,
  type UnservedDemandResponse,
  type UnservedReason,
} from '@portal/contract';
import { AppError } from '../../lib/app-error.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { dubaiDate } from '../../lib/dubai-time.ts';
import * as repo from './insight-admin.repo.ts';

// The Insight pages (issue 31 item 2): the filters checked and turned into the repository's scope, its counts into
// the contract's answers. Every page is one read.

type Filters = {
  from?: string | undefined;
  to?: string | undefined;
  siteId?: string | undefined;
  agencyId?: string | undefined;
  tourId?: number | undefined;
  channel?: InsightChannel | undefined;
};

// A Dubai day's first instant (UTC+4 all year)
const dayStart = (date: string) => `${date}T00:00:00+04:00`;
const instantsOf = (from: string, to: string): repo.Instants => ({
  from: dayStart(from),
  to: dayStart(addDays(to, 1)),
});

// The period (dates left out filled in) and the scope the repository reads; a site the portal does not serve is a 422
function scopeOf(ctx: ServiceContext, filters: Filters): { period: InsightPeriod; scope: repo.InsightScope } {
  if (filters.siteId !== undefined && !ctx.sites.byId(filters.siteId))
    throw AppError.field('siteId', INSIGHT_MESSAGES.unknownSite);
  const period = insightPeriod(filters, dubaiDate());
  return {
    period,
    scope: {
      period: instantsOf(period.from, period.to),
      siteId: filters.siteId,
      agencyId: filters.agencyId,
      tourId: filters.tourId,
    },
  };
}

export async function funnel(ctx: ServiceContext, filters: Filters): Promise<FunnelResponse> {
  const { period, scope } = scopeOf(ctx, filters);
  const counts = await repo.funnelCounts(ctx.db, scope, filters.channel);
  const first = counts.steps?.search ?? 0;
  const steps = counts.steps;
  return {
    period,
    steps: steps
      ? FUNNEL_STEPS.map((step, i) => {
          const previous = i === 0 ? null : steps[FUNNEL_STEPS[i - 1] ?? step];
          return {
            step,
            sessions: steps[step],
            fromPrevious: previous === null ? null : shareOf(steps[step], previous),
            fromFirst: i === 0 ? null : shareOf(steps[step], first),
          };
        })
      : [],
    channels: INSIGHT_CHANNELS.filter((c) => filters.channel === undefined || c === filters.channel).map(
      (channel) => counts.channels.find((c) => c.channel === channel) ?? { channel, booked: 0, paid: 0 },
    ),
  };
}

type Page = { page?: number; onPage?: number };
const pageOf = (query: Page, all: boolean) => {
  const page = query.page ?? 1;
  const onPage = query.onPage ?? 50;
  return all
    ? { page: 1, onPage, limit: null, offset: 0 }
    : { page, onPage, limit: onPage, offset: (page - 1) * onPage };
};

export async function agencies(
  ctx: ServiceContext,
  query: Filters & Page & { view?: 'all' | 'dormant' | undefined },
  options: { all: boolean } = { all: false },
): Promise<AgencyActivityResponse> {
  const { period, scope } = scopeOf(ctx, { ...query, tourId: undefined });
  const { page, onPage, limit, offset } = pageOf(query, options.all);
  const found = await repo.agencyActivity(
    ctx.db,
    { ...scope, previous: instantsOf(period.previousFrom, period.previousTo) },
    { channel: query.channel, dormantOnly: query.view === 'dormant', limit, offset },
  );
  return {
    period,
    items: found.items.map((row) => ({ ...row, lastLoginAt: row.lastLoginAt?.toISOString() ?? null })),
    total: found.total,
    page,
    onPage,
    dormant: found.dormant,
  };
}

export async function demand(
  ctx: ServiceContext,
  query: Filters & Page & { reason?: UnservedReason | undefined },
  options: { all: boolean } = { all: false },
): Promise<UnservedDemandResponse> {
  const { period, scope } = scopeOf(ctx, query);
  const { page, onPage, limit, offset } = pageOf(query, options.all);
  const found = await repo.unservedDemand(ctx.db, scope, { reason: query.reason, limit, offset });
  return { period, items: found.items, total: found.total, page, onPage };
}

export async function sales(ctx: ServiceContext, filters: Filters): Promise<SalesResponse> {
  const { period, scope } = scopeOf(ctx, filters);
  const rows = await repo.salesByChannel(ctx.db, scope, filters.channel);
  const order = (channel: InsightChannel) => INSIGHT_CHANNELS.indexOf(channel);
  return {
    period,
    rows: rows
      .map((row) => ({
        channel: row.channel,
        currencyCode: row.currency,
        bookings: row.bookings,
        net: minorToMajor(row.netMinor),
      }))
      .sort((a, b) => order(a.channel) - order(b.channel) || a.currencyCode.localeCompare(b.currencyCode)),
  };
}

export async function options(ctx: ServiceContext): Promise<InsightOptionsResponse> {
  return {
    sites: ctx.sites.all.map((site) => ({ id: site.id, name: site.name })),
    tours: await repo.tourChoices(ctx.db),
  };
}
