// What other modules may use of account (module faces: nothing else is imported from outside this folder)
export {
  agencyAdmins,
  agencyApiState,
  agencyHasEmail,
  findUserByEmail,
  findUserById,
  insertAgency,
  insertPasswordReset,
  insertUser,
  invalidateResets,
  invitationsSentSince,
  lockAgency,
} from './account.repo.ts';
export { mailAgencyAdmins, noticeAgencyAdmins } from './admin-mails.ts';
export { requireApiAgency } from './api-access.ts';
export { hasUnusablePassword, issueToken, newResetToken, unusablePasswordHash } from './account.service.ts';
