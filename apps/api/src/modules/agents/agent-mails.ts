import { INVITE_TTL_HOURS, type Language } from '@portal/contract';
import { mailText, type brandOf, type OutgoingMail } from '../mail/index.ts';

type Brand = ReturnType<typeof brandOf>;

// A new agent's invitation: the link sets their first password (and proves the e-mail is theirs); it works once and
// for INVITE_TTL_HOURS. The link is a secret: the outbox drops it once the mail is sent.
export function agentInvitationMail(
  lang: Language,
  to: string,
  what: { name: string; agencyName: string; invitedBy: string; link: string },
  brand: Brand,
): OutgoingMail {
  return {
    to,
    ...mailText(lang, 'agentInvitation', { ...brand, ...what, hours: INVITE_TTL_HOURS }),
    secrets: [what.link],
  };
}

// An agency added an address that already has an account on the portal (in another agency, or the tours company's):
// the agency is answered as for any invitation, and the address's owner is told here instead. No link: that
// invitation can never be used, and nothing in this mail says which agency the owner works for.
export function accountElsewhereMail(
  lang: Language,
  to: string,
  what: { agencyName: string; invitedBy: string },
  brand: Brand,
): OutgoingMail {
  return { to, ...mailText(lang, 'accountElsewhere', { ...brand, ...what }) };
}
