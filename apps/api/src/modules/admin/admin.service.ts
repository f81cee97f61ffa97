import { withTransaction, type ServiceContext } from '../../lib/context.ts';
import { AppError } from '../../lib/app-error.ts';
import { insertMail } from '../mail/mail.repo.ts';
import { agencyApprovedMail, brandOf } from '../mail/templates.ts';
import { agencyAdmins } from '../account/account.repo.ts';
import { agencyStatus, approvePendingAgency } from './admin.repo.ts';

// An operator approves a pending agency: the status and the e-mail to each of its admins (in the agency's language,
// under its own site's name) commit together, so an approval is never announced twice or not at all. Approving an
// approved agency again changes nothing and sends nothing.
export async function approveAgency(ctx: ServiceContext, id: string): Promise<void> {
  const approved = await withTransaction(ctx.db, async (tx) => {
    const agency = await approvePendingAgency(tx, id);
    if (!agency) return false;
    const site = ctx.sites.byId(agency.siteId) ?? ctx.site;
    const brand = brandOf(site, ctx.config);
    for (const admin of await agencyAdmins(tx, agency.id))
      await insertMail(tx, agencyApprovedMail(agency.language, admin.email, admin.name, agency.name, brand));
    return true;
  });
  if (approved) {
    ctx.kickMail();
    return;
  }
  const status = await agencyStatus(ctx.db, id);
  if (!status) throw AppError.notFound();
  if (status !== 'approved') throw AppError.field('id', `Agency is ${status} and cannot be approved`);
}
