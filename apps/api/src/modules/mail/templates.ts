import type { Language } from '@portal/contract';
import type { AppConfig } from '../../config/env.ts';
import type { Site } from '../../config/sites.ts';
import { siteUrl } from '../../lib/site-url.ts';
import type { OutgoingMail } from './mail.repo.ts';

type Brand = { siteName: string; loginUrl: string; supportEmail: string };

// Who a mail comes from: the site the addressee uses, its address and its support e-mail
export function brandOf(site: Site, config: AppConfig): Brand {
  return { siteName: site.name, loginUrl: `${siteUrl(site, config)}/`, supportEmail: site.hostData.email };
}

export function temporaryPasswordMail(
  lang: Language,
  to: string,
  name: string,
  password: string,
  brand: Brand,
): OutgoingMail {
  if (lang === 'ru') {
    return {
      to,
      subject: `${brand.siteName}: ваш временный пароль`,
      text:
        `Здравствуйте, ${name}!\n\nВаше агентство зарегистрировано. Временный пароль: ${password}\n\n` +
        `Войдите на ${brand.loginUrl} и смените пароль в разделе «Аккаунт».\n` +
        `Вопросы: ${brand.supportEmail}\n`,
      secrets: [password],
    };
  }
  return {
    to,
    subject: `${brand.siteName}: your temporary password`,
    text:
      `Hello ${name},\n\nYour agency is registered. Your temporary password: ${password}\n\n` +
      `Log in at ${brand.loginUrl} and change it under Account.\n` +
      `Questions: ${brand.supportEmail}\n`,
    secrets: [password],
  };
}

export function passwordResetMail(lang: Language, to: string, name: string, link: string, brand: Brand): OutgoingMail {
  if (lang === 'ru') {
    return {
      to,
      subject: `${brand.siteName}: сброс пароля`,
      text: `Здравствуйте, ${name}!\n\nЧтобы задать новый пароль, откройте ссылку (действует 60 минут, один раз):\n${link}\n\nЕсли вы не запрашивали сброс, просто проигнорируйте это письмо.\n`,
      secrets: [link],
    };
  }
  return {
    to,
    subject: `${brand.siteName}: reset your password`,
    text: `Hello ${name},\n\nTo set a new password, open this link (valid for 60 minutes, once):\n${link}\n\nIf you did not ask for this, ignore this e-mail.\n`,
    secrets: [link],
  };
}

export function passwordChangedMail(lang: Language, to: string, name: string, brand: Brand): OutgoingMail {
  if (lang === 'ru') {
    return {
      to,
      subject: `${brand.siteName}: пароль изменён`,
      text: `Здравствуйте, ${name}!\n\nПароль вашего аккаунта изменён. Если это были не вы, срочно напишите нам: ${brand.supportEmail}\n`,
    };
  }
  return {
    to,
    subject: `${brand.siteName}: your password was changed`,
    text: `Hello ${name},\n\nThe password of your account was changed. If this was not you, contact us at once: ${brand.supportEmail}\n`,
  };
}

// The agency's admins learn that booking is open (issue 9: an unapproved agency was told only at "Book and pay")
export function agencyApprovedMail(
  lang: Language,
  to: string,
  name: string,
  agencyName: string,
  brand: Brand,
): OutgoingMail {
  if (lang === 'ru') {
    return {
      to,
      subject: `${brand.siteName}: агентство «${agencyName}» одобрено`,
      text:
        `Здравствуйте, ${name}!\n\nАгентство «${agencyName}» одобрено: теперь вы можете бронировать туры по ценам нетто ` +
        `и оплачивать их с баланса компании или картой.\n\nВойдите на ${brand.loginUrl}\nВопросы: ${brand.supportEmail}\n`,
    };
  }
  return {
    to,
    subject: `${brand.siteName}: ${agencyName} is approved`,
    text:
      `Hello ${name},\n\n${agencyName} is approved: you can now book tours at your net rates and pay from the ` +
      `company balance or by card.\n\nLog in at ${brand.loginUrl}\nQuestions: ${brand.supportEmail}\n`,
  };
}

// The tours company declined a sign-up (issue "back office"): the reason in the operator's words
export function agencyRejectedMail(
  lang: Language,
  to: string,
  name: string,
  agencyName: string,
  reason: string,
  brand: Brand,
): OutgoingMail {
  if (lang === 'ru') {
    return {
      to,
      subject: `${brand.siteName}: регистрация агентства «${agencyName}» отклонена`,
      text:
        `Здравствуйте, ${name}!\n\nК сожалению, мы не можем одобрить регистрацию агентства «${agencyName}».\n\n` +
        `Причина: ${reason}\n\nЕсли это ошибка или вы хотите прислать недостающие документы, напишите нам: ${brand.supportEmail}\n`,
    };
  }
  return {
    to,
    subject: `${brand.siteName}: ${agencyName} was not approved`,
    text:
      `Hello ${name},\n\nWe are sorry: we cannot approve the registration of ${agencyName}.\n\n` +
      `Reason: ${reason}\n\nIf this is a mistake or you want to send missing documents, write to ${brand.supportEmail}\n`,
  };
}

// The tours company suspended an agency: its sessions ended; the admins learn why
export function agencySuspendedMail(
  lang: Language,
  to: string,
  name: string,
  agencyName: string,
  reason: string,
  brand: Brand,
): OutgoingMail {
  if (lang === 'ru') {
    return {
      to,
      subject: `${brand.siteName}: работа агентства «${agencyName}» приостановлена`,
      text:
        `Здравствуйте, ${name}!\n\nРабота агентства «${agencyName}» на портале приостановлена.\n\nПричина: ${reason}\n\n` +
        `Вопросы: ${brand.supportEmail}\n`,
    };
  }
  return {
    to,
    subject: `${brand.siteName}: ${agencyName} is suspended`,
    text:
      `Hello ${name},\n\n${agencyName} is suspended on the portal.\n\nReason: ${reason}\n\n` +
      `Questions: ${brand.supportEmail}\n`,
  };
}

// Notify me (issue 9): seats for a watched option and date came back; sent once per request
export function seatsBackMail(
  lang: Language,
  to: string,
  name: string,
  what: { tour: string; option: string; when: string; link: string },
  brand: Brand,
): OutgoingMail {
  if (lang === 'ru') {
    return {
      to,
      subject: `${brand.siteName}: появились места — ${what.tour}, ${what.when}`,
      text:
        `Здравствуйте, ${name}!\n\nПо вашему запросу: появились места на «${what.option}» (${what.tour}), ${what.when}.\n` +
        `Места не зарезервированы за вами: бронируйте, пока они есть:\n${what.link}\n\n` +
        `Это единственное письмо по этому запросу.\nВопросы: ${brand.supportEmail}\n`,
    };
  }
  return {
    to,
    subject: `${brand.siteName}: seats are back — ${what.tour}, ${what.when}`,
    text:
      `Hello ${name},\n\nAs you asked: seats are available again for ${what.option} (${what.tour}) on ${what.when}.\n` +
      `They are not held for you, so book while they last:\n${what.link}\n\n` +
      `This is the only e-mail for this request.\nQuestions: ${brand.supportEmail}\n`,
  };
}

// Low-balance alert (issue "Agency money" 7): the available amount fell below 40 % (then 20 %) of what the last top-up
// left available; once per crossing, to each admin of the agency
export function lowBalanceMail(
  lang: Language,
  to: string,
  name: string,
  what: { agencyName: string; percent: number; available: string; level: string; date: string },
  brand: Brand,
): OutgoingMail {
  const topUp = new URL('/top-up', brand.loginUrl).toString();
  if (lang === 'ru') {
    return {
      to,
      subject: `${brand.siteName}: на балансе «${what.agencyName}» осталось меньше ${what.percent} %`,
      text:
        `Здравствуйте, ${name}!\n\nНа ${what.date} для бронирования доступно ${what.available} — меньше ${what.percent} % ` +
        `от ${what.level}, доступных после последнего пополнения.\n\nПополнить баланс: ${topUp}\n` +
        `Вопросы: ${brand.supportEmail}\n`,
    };
  }
  return {
    to,
    subject: `${brand.siteName}: ${what.agencyName} balance below ${what.percent} %`,
    text:
      `Hello ${name},\n\nAs of ${what.date}, ${what.available} is available to book — less than ${what.percent} % of ` +
      `the ${what.level} available after your last top-up.\n\nTop up your balance: ${topUp}\n` +
      `Questions: ${brand.supportEmail}\n`,
  };
}

// Issue 30: a webhook endpoint that failed for a day is switched off; the agency's admins are told once
export function webhookDisabledMail(
  lang: Language,
  to: string,
  name: string,
  what: { url: string; since: string },
  brand: Brand,
): OutgoingMail {
  const page = new URL('/api-keys', brand.loginUrl).toString();
  if (lang === 'ru') {
    return {
      to,
      subject: `${brand.siteName}: вебхук отключён`,
      text:
        `Здравствуйте, ${name}!\n\nАдрес ${what.url} не принимал вебхуки с ${what.since}, и мы его отключили. ` +
        `Неотправленные события сохранены в журнале доставки.\n\nПроверьте адрес и включите его снова: ${page}\n` +
        `Вопросы: ${brand.supportEmail}\n`,
    };
  }
  return {
    to,
    subject: `${brand.siteName}: a webhook endpoint was switched off`,
    text:
      `Hello ${name},\n\n${what.url} has not accepted webhooks since ${what.since}, so we switched it off. ` +
      `The events it missed are in its delivery log.\n\nCheck the endpoint and switch it on again: ${page}\n` +
      `Questions: ${brand.supportEmail}\n`,
  };
}
