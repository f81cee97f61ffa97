import type { WidgetDomainView } from '@portal/contract';
import { WIDGET_DOMAIN_MESSAGES, WIDGET_MESSAGES, domainRecords } from '@portal/contract';
import type { AppConfig } from '../../config/env.ts';
import { AppError } from '../../lib/app-error.ts';
import type { AgencyActor, AppDeps, ServiceContext } from '../../lib/context.ts';
import { dnsLookups, type DnsLookups } from '../../lib/dns.ts';
import { loggableError } from '../../lib/loggable-error.ts';
import { checkWidgetDomain } from './domain-verification.ts';
import * as repo from './widget-domains.repo.ts';
import { assertWidgetsAllowed } from './widgets.service.ts';

// How soon a pending or failed domain is asked about again, and a verified one (it can be pointed away later)
const RETRY_AFTER_MS = 5 * 60_000;
const RECHECK_AFTER_MS = 6 * 60 * 60_000;
const DOMAINS_PER_BATCH = 50;
// a row whose outcome cannot be stored stays due: the run still ends
const MAX_BATCHES = 20;

// DNS through the configured servers (DNS_SERVERS), the system's when unset
export function domainDns(config: Pick<AppConfig, 'dnsServers'>): DnsLookups {
  return dnsLookups({ servers: config.dnsServers });
}

function viewOf(row: repo.DomainRow, cnameTarget: string): WidgetDomainView {
  return {
    domain: row.domain,
    status: row.domainStatus,
    reason: row.domainStatus === 'verificationFailed' ? row.domainReason : null,
    checkedAt: row.domainCheckedAt?.toISOString() ?? null,
    records: row.domain ? domainRecords(row.domain, row.domainToken, cnameTarget) : [],
  };
}

async function ownDomain(ctx: ServiceContext, actor: AgencyActor, id: string): Promise<repo.DomainRow> {
  await assertWidgetsAllowed(ctx, actor);
  const row = await repo.findWidgetDomain(ctx.db, actor.agencyId, id);
  if (!row) throw AppError.notFound(WIDGET_MESSAGES.notFound);
  return row;
}

export async function widgetDomain(ctx: ServiceContext, actor: AgencyActor, id: string): Promise<WidgetDomainView> {
  return viewOf(await ownDomain(ctx, actor, id), ctx.config.widgetCnameTarget);
}

// "Check now" on the widget page: the same check as the job's, stored the same way
export async function verifyWidgetDomainNow(
  ctx: ServiceContext,
  actor: AgencyActor,
  dns: DnsLookups,
  id: string,
): Promise<WidgetDomainView> {
  const row = await ownDomain(ctx, actor, id);
  if (!row.domain) throw AppError.field('domain', WIDGET_DOMAIN_MESSAGES.noDomain);
  const cnameTarget = ctx.config.widgetCnameTarget;
  const outcome = await checkWidgetDomain(dns, { domain: row.domain, token: row.domainToken, cnameTarget });
  const stored = await repo.recordDomainCheck(ctx.db, row.id, row.domain, outcome);
  // the domain was changed while it was being checked: show it as it now stands
  return viewOf(stored ?? (await ownDomain(ctx, actor, id)), cnameTarget);
}

// The `widget-domains` job: every due domain (in batches, at most MAX_BATCHES a run), one look-up set each, outside
// any transaction
export async function checkDueDomains(deps: Pick<AppDeps, 'db' | 'config' | 'log'>, dns: DnsLookups): Promise<number> {
  let checked = 0;
  for (let batch = 0; batch < MAX_BATCHES; batch += 1) {
    const due = await repo.domainsDue(deps.db, {
      retryAfterMs: RETRY_AFTER_MS,
      recheckAfterMs: RECHECK_AFTER_MS,
      limit: DOMAINS_PER_BATCH,
    });
    for (const row of due) {
      try {
        const outcome = await checkWidgetDomain(dns, {
          domain: row.domain,
          token: row.domainToken,
          cnameTarget: deps.config.widgetCnameTarget,
        });
        await repo.recordDomainCheck(deps.db, row.id, row.domain, outcome);
      } catch (error) {
        deps.log.error({ err: loggableError(error), widgetId: row.id }, 'widget domain check failed');
      }
    }
    checked += due.length;
    if (due.length < DOMAINS_PER_BATCH) break;
  }
  return checked;
}

// The TLS proxy's question: a certificate only for a live widget's verified domain
export async function assertAllowedDomain(ctx: ServiceContext, domain: string): Promise<{ domain: string }> {
  const host = domain.toLowerCase().replace(/\.$/, '');
  if (!(await repo.isVerifiedDomain(ctx.db, host))) throw AppError.notFound();
  return { domain: host };
}
