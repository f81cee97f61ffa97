import type { DbOrTx } from '../../db/client.ts';
import { insertMail, type OutgoingMail } from '../mail/index.ts';
import { agencyAdmins } from './account.repo.ts';

// One mail to each of the agency's admins (not deleted, not merged into another account), in the caller's transaction
export async function mailAgencyAdmins(
  tx: DbOrTx,
  agencyId: string,
  mailFor: (admin: { email: string; name: string }) => OutgoingMail,
): Promise<void> {
  for (const admin of await agencyAdmins(tx, agencyId)) await insertMail(tx, mailFor(admin));
}
