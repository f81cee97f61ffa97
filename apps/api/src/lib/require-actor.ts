import { MESSAGES } from '@portal/contract';
import { AppError } from './app-error.ts';
import type { Actor, AgencyActor, ServiceContext } from './context.ts';

export function requireActor(ctx: ServiceContext): Actor {
  if (!ctx.actor) throw new AppError('unauthorized', MESSAGES.unauthorized);
  return ctx.actor;
}

// Tenant isolation: the agency always comes from the session, never from the request.
export function requireAgencyActor(ctx: ServiceContext): AgencyActor {
  const actor = requireActor(ctx);
  if (!actor.agencyId) throw new AppError('forbidden', MESSAGES.forbidden);
  return { ...actor, agencyId: actor.agencyId };
}
