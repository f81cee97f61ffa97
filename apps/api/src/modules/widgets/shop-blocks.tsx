import type { Language } from '@portal/contract';
import type { Markup } from '../../lib/jsx/markup.ts';
import { Icon, type IconName } from './shop-icons.ts';
import type { ShopData, ShopPrice } from './widget-shop.service.ts';

// What every page of a widget's shop shows the same way (the shop, its tour page, the checkout and the sale's page):
// its words, a price line, the note on the charged currency, the header with the quick contacts, and the contacts.
// JSX (src/lib/jsx): every value the agency typed is escaped on its way into the markup.

export const WORDS: Record<Language, Record<string, string>> = {
  en: {
    adult: 'Adult',
    child: 'Child',
    trip: 'Per trip',
    contacts: 'Contacts',
    partners: 'Partners',
    follow: 'Follow us',
    map: 'Open the map',
    phone: 'Phone',
    email: 'E-mail',
    address: 'Address',
    tours: 'Tours',
    empty: 'New tours are coming soon.',
    book: 'Book now',
    charged: 'Prices are charged in {currency}; {other} amounts are at the fixed rate of 3.65 AED to 1 USD.',
    discount: '{percent}% off every tour',
  },
  ru: {
    adult: 'Взрослый',
    child: 'Детский',
    trip: 'За поездку',
    contacts: 'Контакты',
    partners: 'Партнёры',
    follow: 'Мы в соцсетях',
    map: 'Открыть карту',
    phone: 'Телефон',
    email: 'E-mail',
    address: 'Адрес',
    tours: 'Туры',
    empty: 'Скоро здесь появятся туры.',
    book: 'Забронировать',
    charged: 'Оплата в {currency}; суммы в {other} — по фиксированному курсу 3,65 AED за 1 USD.',
    discount: 'Скидка {percent}% на все туры',
  },
};

// a text's {placeholders} filled in (a value it is not given leaves nothing)
export const fill = (text: string | undefined, values: Record<string, unknown>) =>
  (text ?? '').replace(/\{(\w+)\}/g, (_, key: string) => String(values[key] ?? ''));

// a link the agency typed is kept only as https (the contract allows no other; old or hand-edited rows included)
export const https = (url: string) => (/^https:\/\/[^\s]+$/i.test(url) ? url : '');

const digits = (phone: string) => phone.replace(/[^\d+]/g, '');

export function PriceLine({ price, words }: { price: ShopPrice; words: Record<string, string> }): Markup {
  return (
    <li data-price={price.kind}>
      <span>{words[price.kind] ?? price.kind}</span> <b>{price.paid}</b>
      {price.was ? (
        <>
          {' '}
          <s class="was">{price.was}</s>
        </>
      ) : null}
      {price.approx ? (
        <>
          {' '}
          <span class="approx" data-testid="price-approx">
            ≈ {price.approx}
          </span>
        </>
      ) : null}
    </li>
  );
}

// the embed code asked for another currency: the prices are charged in the shop's, the other shown at the fixed rate
export function ChargedNote({ data }: { data: ShopData }): Markup | null {
  if (!data.alsoIn) return null;
  const text = fill(WORDS[data.language].charged, {
    currency: data.currency.toUpperCase(),
    other: data.alsoIn.toUpperCase(),
  });
  return (
    <p class="lead" data-testid="charged-note">
      {text}
    </p>
  );
}

type ContactItem = { icon: IconName; label: string; value: string; href: string; external?: boolean; testId: string };

function contactItems(data: ShopData, words: Record<string, string>): ContactItem[] {
  const c = data.widget.contacts;
  const items: ContactItem[] = [];
  if (c.phone)
    items.push({
      icon: 'phone',
      label: words.phone ?? '',
      value: c.phone,
      href: `tel:${digits(c.phone)}`,
      testId: 'phone',
    });
  if (c.whatsapp)
    items.push({
      icon: 'whatsapp',
      label: 'WhatsApp',
      value: c.whatsapp,
      href: `https://wa.me/${digits(c.whatsapp).replace('+', '')}`,
      external: true,
      testId: 'whatsapp',
    });
  if (c.email)
    items.push({ icon: 'mail', label: words.email ?? '', value: c.email, href: `mailto:${c.email}`, testId: 'email' });
  if (c.telegram) {
    const name = c.telegram.replace(/^@/, '');
    items.push({
      icon: 'telegram',
      label: 'Telegram',
      value: `@${name}`,
      href: `https://t.me/${name}`,
      external: true,
      testId: 'telegram',
    });
  }
  if (c.viber)
    items.push({
      icon: 'viber',
      label: 'Viber',
      value: c.viber,
      href: `viber://chat?number=${digits(c.viber)}`,
      testId: 'viber',
    });
  return items;
}

// the header's quick ways to reach the agency: its phone and WhatsApp as icons
export function HeaderBlock({ data }: { data: ShopData }): Markup {
  const w = data.widget;
  const logo = data.imageUrl(w.logoImageId);
  const quick = contactItems(data, WORDS[data.language]).filter(
    (item) => item.icon === 'phone' || item.icon === 'whatsapp',
  );
  return (
    <header>
      {logo ? <img src={logo} alt={w.name} height="48" /> : null}
      <span class="name">{w.name}</span>
      {quick.length > 0 ? (
        <nav class="quicks">
          {quick.map((item) => (
            <a
              class="quick"
              href={item.href}
              rel={item.external ? 'noopener' : undefined}
              target={item.external ? '_blank' : undefined}
              aria-label={`${item.label} ${item.value}`}
            >
              <Icon name={item.icon} size={20} />
              <span>{item.icon === 'phone' ? item.value : item.label}</span>
            </a>
          ))}
        </nav>
      ) : null}
    </header>
  );
}

export function ContactsBlock({ data, words }: { data: ShopData; words: Record<string, string> }): Markup | null {
  const c = { ...data.widget.contacts, mapLink: https(data.widget.contacts.mapLink) };
  const items = contactItems(data, words);
  const hasAddress = Boolean(c.address || c.mapLink);
  if (items.length === 0 && !hasAddress) return null;
  return (
    <section class="contacts" id="contacts" data-testid="shop-contacts">
      <h2>{words.contacts ?? ''}</h2>
      <ul class="cards">
        {items.map((item) => (
          <li>
            <a
              class="card"
              data-contact={item.testId}
              href={item.href}
              rel={item.external ? 'noopener' : undefined}
              target={item.external ? '_blank' : undefined}
            >
              <span class="ic">
                <Icon name={item.icon} size={22} />
              </span>
              <span>
                <small>{item.label}</small>
                <b>{item.value}</b>
              </span>
            </a>
          </li>
        ))}
        {hasAddress ? (
          <li class="wide">
            <div class="card" data-contact="address">
              <span class="ic">
                <Icon name="pin" size={22} />
              </span>
              <span>
                <small>{words.address ?? ''}</small>
                {c.address ? <b>{c.address}</b> : null}
                {c.mapLink ? (
                  <a href={c.mapLink} rel="noopener" target="_blank">
                    <Icon name="map" size={16} /> {words.map ?? ''}
                  </a>
                ) : null}
              </span>
            </div>
          </li>
        ) : null}
      </ul>
    </section>
  );
}
