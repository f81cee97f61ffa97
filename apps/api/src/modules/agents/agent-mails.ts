import { INVITE_TTL_HOURS, type Language } from '@portal/contract';
import type { brandOf, OutgoingMail } from '../mail/index.ts';

type Brand = ReturnType<typeof brandOf>;

// A new agent's invitation: the link sets their first password (and proves the e-mail is theirs); it works once and
// for INVITE_TTL_HOURS. The link is a secret: the outbox drops it once the mail is sent.
export function agentInvitationMail(
  lang: Language,
  to: string,
  what: { name: string; agencyName: string; invitedBy: string; link: string },
  brand: Brand,
): OutgoingMail {
  if (lang === 'ru') {
    return {
      to,
      subject: `${brand.siteName}: приглашение в агентство «${what.agencyName}»`,
      text:
        `Здравствуйте, ${what.name}!\n\n${what.invitedBy} добавил(а) вас в агентство «${what.agencyName}» на ${brand.siteName}.\n\n` +
        `Чтобы задать пароль и войти, откройте ссылку (действует ${INVITE_TTL_HOURS} часа, один раз):\n${what.link}\n\n` +
        `Вопросы: ${brand.supportEmail}\n`,
      secrets: [what.link],
    };
  }
  return {
    to,
    subject: `${brand.siteName}: you are invited to ${what.agencyName}`,
    text:
      `Hello ${what.name},\n\n${what.invitedBy} added you to ${what.agencyName} on ${brand.siteName}.\n\n` +
      `To set your password and log in, open this link (valid for ${INVITE_TTL_HOURS} hours, once):\n${what.link}\n\n` +
      `Questions: ${brand.supportEmail}\n`,
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
  if (lang === 'ru') {
    return {
      to,
      subject: `${brand.siteName}: приглашение в агентство «${what.agencyName}»`,
      text:
        `Здравствуйте!\n\n${what.invitedBy} из агентства «${what.agencyName}» пригласил(а) этот адрес на ${brand.siteName}. ` +
        `С этим адресом у вас уже есть учётная запись, а один адрес может принадлежать только одному агентству, ` +
        `поэтому приглашение не действует.\n\n` +
        `Если вы хотите работать в «${what.agencyName}», напишите нам: ${brand.supportEmail}. ` +
        `Если вы не ждали этого письма, ничего делать не нужно.\n`,
    };
  }
  return {
    to,
    subject: `${brand.siteName}: an invitation to ${what.agencyName}`,
    text:
      `Hello,\n\n${what.invitedBy} of ${what.agencyName} invited this address to ${brand.siteName}. ` +
      `You already have an account with this address, and an address belongs to one agency only, ` +
      `so the invitation cannot be used.\n\n` +
      `If you want to work with ${what.agencyName}, write to us: ${brand.supportEmail}. ` +
      `If you did not expect this e-mail, there is nothing to do.\n`,
  };
}
