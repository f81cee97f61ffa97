// What other modules may use of mail (module faces: nothing else is imported from outside this folder)
export { insertMail, listRecentMails, mailInsertSql, type OutgoingMail } from './mail.repo.ts';
export {
  agencyApprovedMail,
  agencyDecisionMail,
  brandOf,
  lowBalanceMail,
  mailText,
  type MailName,
  passwordChangedMail,
  passwordResetMail,
  seatsBackMail,
  temporaryPasswordMail,
  webhookDisabledMail,
} from './templates.ts';
