import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../config/env.ts';
import type { Site, SiteRegistry } from '../config/sites.ts';
import type { Db, DbOrTx } from '../db/client.ts';
import type { FileStorage } from './storage.ts';
import type { TokenService } from './tokens.ts';
import type { Language, Role } from '@portal/contract';

export type Actor = {
  userId: string;
  agencyId: string | null;
  role: Role;
  email: string;
  name: string;
  // the agency's status as read with the user (null for the tours company's operators)
  agencyStatus: 'pending' | 'approved' | 'suspended' | 'rejected' | null;
};

export type AgencyActor = Actor & { agencyId: string };

// Everything a service needs, created once per app; a request adds its site and actor.
export type AppDeps = {
  db: Db;
  config: AppConfig;
  sites: SiteRegistry;
  storage: FileStorage;
  tokens: TokenService;
  log: FastifyBaseLogger;
  kickMail: () => void;
  // answers waiting forgot-password requests soon after the reply (account.service.ts#passwordResetWorker)
  kickPasswordResets: () => void;
};

export type ServiceContext = AppDeps & {
  site: Site;
  actor: Actor | null;
  ip: string;
  // a reseller API call's key (issue 30): a test key sees and makes only test bookings
  resellerKey?: { id: string; isTest: boolean };
  // the agent's analytics session (issue 31), from the X-Insight-Session header the web app sends: a booking made in
  // it is that session's step of the funnel
  insightSessionId?: string;
};

// The language a list or export is written in: the one the call asks for, else the site's
export function shownLanguage(ctx: ServiceContext, query: { language?: Language } | undefined): Language {
  return query?.language ?? ctx.site.defaultLanguage;
}

export async function withTransaction<T>(db: Db, fn: (tx: DbOrTx) => Promise<T>): Promise<T> {
  return db.transaction((tx) => fn(tx));
}
