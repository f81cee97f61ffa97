import { INVITE_TTL_HOURS, type Language } from '@portal/contract';
import type { brandOf } from '../mail/templates.ts';
import type { OutgoingMail } from '../mail/mail.repo.ts';

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
