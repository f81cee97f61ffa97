import type { Language } from '@portal/contract';
import type { DbOrTx } from '../../db/client.ts';
import type { AppDeps } from '../../lib/context.ts';
import { brandOf, insertMail, type OutgoingMail } from '../mail/index.ts';
import { agencyAdmins } from './account.repo.ts';

// One mail to each of the agency's admins (not deleted, not merged into another account), in the caller's transaction
export async function mailAgencyAdmins(
  tx: DbOrTx,
  agencyId: string,
  mailFor: (admin: { email: string; name: string }) => OutgoingMail,
): Promise<void> {
  for (const admin of await agencyAdmins(tx, agencyId)) await insertMail(tx, mailFor(admin));
}

type AdminNotice<What> = (
  lang: Language,
  to: string,
  name: string,
  what: What,
  brand: ReturnType<typeof brandOf>,
) => OutgoingMail;

// A job's notice to the agency's admins (low balance, licence expiry, webhook switched off): in the agency's language,
// branded by the agency's site (the first site when that one is no longer configured)
export async function noticeAgencyAdmins<What>(
  tx: DbOrTx,
  deps: Pick<AppDeps, 'sites' | 'config'>,
  agency: { agencyId: string; siteId: string; language: Language },
  notice: AdminNotice<What>,
  what: What,
): Promise<void> {
  const site = deps.sites.byId(agency.siteId) ?? deps.sites.all[0];
  if (!site) return;
  const brand = brandOf(site, deps.config);
  await mailAgencyAdmins(tx, agency.agencyId, (admin) => notice(agency.language, admin.email, admin.name, what, brand));
}
