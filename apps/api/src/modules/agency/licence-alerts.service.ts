import { LICENCE_WARNING_DAYS } from '@portal/contract';
import { addDays, formatDisplayDate } from '@portal/contract/plain';
import type { AppDeps } from '../../lib/context.ts';
import { withTransaction } from '../../lib/context.ts';
import { dubaiDate } from '../../lib/dubai-time.ts';
import { mailAgencyAdmins } from '../account/index.ts';
import { brandOf } from '../mail/index.ts';
import { licenceExpiringMail } from './agency-mails.ts';
import { licenceStatusOf } from './agency-views.ts';
import { licenceAlertCandidates, markLicenceWarned } from './agency.repo.ts';

// The job: admins of an agency whose trade licence expires within LICENCE_WARNING_DAYS get one e-mail per expiry
// date. The mark and the mails commit together, and the mark is a conditional UPDATE: two nodes or two overlapping
// runs send it once. Returns how many agencies were mailed.
export async function sendLicenceAlerts(deps: Pick<AppDeps, 'db' | 'sites' | 'config' | 'kickMail'>): Promise<number> {
  const today = dubaiDate();
  let mailed = 0;
  for (const candidate of await licenceAlertCandidates(deps.db, today, addDays(today, LICENCE_WARNING_DAYS))) {
    const site = deps.sites.byId(candidate.siteId) ?? deps.sites.all[0];
    if (!site) continue;
    const expiry = candidate.tradeLicenseExpiry;
    const sent = await withTransaction(deps.db, async (tx) => {
      if (!(await markLicenceWarned(tx, candidate.agencyId, expiry))) return false;
      const brand = brandOf(site, deps.config);
      const what = {
        agencyName: candidate.name,
        licenceNumber: candidate.tradeLicenseNumber,
        expiry: formatDisplayDate(expiry, candidate.language),
        daysLeft: licenceStatusOf(expiry, today).daysLeft,
      };
      await mailAgencyAdmins(tx, candidate.agencyId, (admin) =>
        licenceExpiringMail(candidate.language, admin.email, admin.name, what, brand),
      );
      return true;
    });
    if (sent) mailed += 1;
  }
  if (mailed > 0) deps.kickMail();
  return mailed;
}
