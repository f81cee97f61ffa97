import { API_KEY_MESSAGES, MESSAGES } from '@portal/contract';
import { AppError } from '../../lib/app-error.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { requireAgencyActor } from '../../lib/require-actor.ts';
import { agencyApiState } from './account.repo.ts';

// Issue 30: an agency's admins manage its API keys and webhooks while the tours company allows it the reseller API
// (read from the database on every call, so a switch-off holds at once) and the agency is approved
export async function requireApiAgency(ctx: ServiceContext) {
  const actor = requireAgencyActor(ctx);
  const agency = await agencyApiState(ctx.db, actor.agencyId);
  if (!agency || agency.isApiAllowed === 0) throw new AppError('forbidden', API_KEY_MESSAGES.notAllowed);
  if (agency.status !== 'approved') throw new AppError('forbidden', MESSAGES.agencyNotApproved);
  return { actor, agency };
}
