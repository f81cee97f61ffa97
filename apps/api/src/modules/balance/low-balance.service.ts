import { LOW_BALANCE_PERCENTS, minorToMajor } from '@portal/contract';
import { formatDisplayDate } from '@portal/contract/plain';
import type { CurrencyCode } from '@portal/contract';
import type { Db } from '../../db/client.ts';
import type { AppDeps } from '../../lib/context.ts';
import { withTransaction } from '../../lib/context.ts';
import { dubaiDate } from '../../lib/dubai-time.ts';
import { formatMoney } from '../documents/index.ts';
import { lowBalanceMail } from '../mail/index.ts';
import { noticeAgencyAdmins } from '../account/index.ts';
import { recordWebhookEvent } from '../webhooks/index.ts';
import { advanceAlert, alertCandidates, lastDepositLevel } from './low-balance.repo.ts';

// Low-balance alerts (issue "Agency money" 7), one rule: the available amount against what the account's last deposit
// left available. Stage 1 below 40 %, stage 2 below 20 % (LOW_BALANCE_PERCENTS); 0 above both or with no deposit.
export function lowBalanceStage(availableMinor: number, levelMinor: number | null): 0 | 1 | 2 {
  if (levelMinor === null || levelMinor <= 0) return 0;
  const [first, second] = LOW_BALANCE_PERCENTS;
  if (availableMinor * 100 < levelMinor * second) return 2;
  if (availableMinor * 100 < levelMinor * first) return 1;
  return 0;
}

const percentOf = (stage: 1 | 2): number => (stage === 1 ? LOW_BALANCE_PERCENTS[0] : LOW_BALANCE_PERCENTS[1]);

// What the balance page and the header show
export async function lowBalanceOf(
  db: Db,
  account: { agencyId: string; currency: CurrencyCode },
  availableMinor: number,
) {
  const level = await lastDepositLevel(db, account);
  const stage = lowBalanceStage(availableMinor, level);
  return stage === 0 || level === null ? null : { percent: percentOf(stage), topUpLevel: minorToMajor(level) };
}

// The job: mails the admins of every account that crossed a stage since its last deposit, once per crossing (a fall
// from above 40 % straight below 20 % sends one mail, the 20 % one)
export async function sendLowBalanceAlerts(deps: Pick<AppDeps, 'db' | 'sites' | 'config' | 'kickMail'>) {
  let queued = 0;
  for (const candidate of await alertCandidates(deps.db, LOW_BALANCE_PERCENTS[0])) {
    const stage = lowBalanceStage(candidate.availableMinor, candidate.levelMinor);
    if (stage === 0 || stage <= candidate.sentStage) continue;
    const account = { agencyId: candidate.agencyId, currency: candidate.currency };
    const sent = await withTransaction(deps.db, async (tx) => {
      if (!(await advanceAlert(tx, account, candidate.depositEntryId, stage))) return false;
      // the agency's own system hears it too (issue 30: the balance.low webhook), amounts in minor units
      await recordWebhookEvent(tx, candidate.agencyId, 'balance.low', {
        currency: candidate.currency.toUpperCase(),
        currencyPrecision: 2,
        available: candidate.availableMinor,
        topUpLevel: candidate.levelMinor,
        percent: percentOf(stage),
      });
      await noticeAgencyAdmins(tx, deps, candidate, lowBalanceMail, {
        agencyName: candidate.agencyName,
        percent: percentOf(stage),
        available: formatMoney(candidate.availableMinor, candidate.currency, candidate.language),
        level: formatMoney(candidate.levelMinor, candidate.currency, candidate.language),
        date: formatDisplayDate(dubaiDate(), candidate.language),
      });
      return true;
    });
    if (sent) queued += 1;
  }
  if (queued > 0) deps.kickMail();
  return queued;
}
