import { LICENCE_WARNING_DAYS } from '@portal/contract';
import { addDays, formatDisplayDate } from '@portal/contract/plain';
import type { AppDeps } from '../../lib/context.ts';
import { withTransaction } from '../../lib/context.ts';
import { dubaiDate } from '../../lib/dubai-time.ts';
import { noticeAgencyAdmins } from '../account/index.ts';
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
    const expiry = candidate.tradeLicenseExpiry;
    const sent = await withTransaction(deps.db, async (tx) => {
      if (!(await markLicenceWarned(tx, candidate.agencyId, expiry))) return false;
      await noticeAgencyAdmins(tx, deps, candidate, licenceExpiringMail, {
        agencyName: candidate.name,
        licenceNumber: candidate.tradeLicenseNumber,
        expiry: formatDisplayDate(expiry, candidate.language),
        daysLeft: licenceStatusOf(expiry, today).daysLeft,
      });
      return true;
    });
    if (sent) mailed += 1;
  }
  if (mailed > 0) deps.kickMail();
  return mailed;
}
