import { useEffect, useState } from 'react';
import { ActionIcon, Affix } from '@mantine/core';
import { IconBrandWhatsapp } from '@tabler/icons-react';
import { useTranslation } from '@/lib/i18n';

// SPEC §2: the chat link uses the WhatsApp number with + removed (spaces and dashes too, so the link works)
export function whatsAppHref(number: string): string {
  return `https://wa.me/${number.replace(/\D/g, '')}`;
}

const ACTION = 'a, button, input, select, textarea, label, summary, [role="button"], [role="combobox"], [role="tab"]';

// Whether the box of anything a person can act on meets the floating button's box
function coversAnAction(button: HTMLElement): boolean {
  const box = button.getBoundingClientRect();
  if (box.width === 0) return false;
  for (const element of document.querySelectorAll<HTMLElement>(ACTION)) {
    if (element === button || button.contains(element)) continue;
    const r = element.getBoundingClientRect();
    if (r.width === 0 || r.right <= box.left || r.left >= box.right || r.bottom <= box.top || r.top >= box.bottom)
      continue;
    if (typeof element.checkVisibility !== 'function' || element.checkVisibility()) return true;
  }
  return false;
}

const MUTATIONS_CHECK_MS = 150;

// The floating chat button never covers an action (issue 9: it sat on "Register for free" at 390 px and on the
// sticky "Book now" at 1280 px): it steps aside while something to click or type in is under it, and stays below
// the header, drawers and modals. The number is also in the footer's contacts.
export function WhatsAppButton({ number }: { number: string }) {
  const { t } = useTranslation();
  // a callback ref: the Affix mounts its portal after this component, so the element arrives later
  const [button, setButton] = useState<HTMLAnchorElement | null>(null);
  const [isAside, setAside] = useState(false);

  useEffect(() => {
    if (!button) return;
    let frame = 0;
    let pause: ReturnType<typeof setTimeout> | undefined;
    const check = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => setAside(coversAnAction(button)));
    };
    // pages change under a still button too (a form step, a list that loads, a sticky bar that appears): checked at
    // most every MUTATIONS_CHECK_MS while they change, as a page that is drawing changes in every frame and each check
    // lays the page out (issue 32: about 0.1 s of a phone's main thread while the checkout loaded)
    const checkSoon = () => {
      pause ??= setTimeout(() => {
        pause = undefined;
        check();
      }, MUTATIONS_CHECK_MS);
    };
    check();
    window.addEventListener('scroll', check, { passive: true });
    window.addEventListener('resize', check);
    const observer = new MutationObserver(checkSoon);
    observer.observe(document.body, { childList: true, subtree: true, attributes: true, attributeFilter: ['class'] });
    return () => {
      clearTimeout(pause);
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', check);
      window.removeEventListener('resize', check);
      observer.disconnect();
    };
  }, [button]);

  if (!number.replace(/\D/g, '')) return null;
  return (
    <Affix position={{ bottom: 24, right: 24 }} zIndex={150}>
      <ActionIcon
        ref={setButton}
        component="a"
        href={whatsAppHref(number)}
        target="_blank"
        rel="noopener noreferrer"
        size={56}
        radius="xl"
        color="#25D366"
        variant="filled"
        aria-label={t('whatsApp.label')}
        title={t('whatsApp.label')}
        data-testid="whatsapp-button"
        data-aside={isAside || undefined}
        tabIndex={isAside ? -1 : undefined}
        aria-hidden={isAside || undefined}
        style={{
          boxShadow: '0 6px 20px rgba(0, 0, 0, 0.2)',
          opacity: isAside ? 0 : 1,
          visibility: isAside ? 'hidden' : 'visible',
          transition: 'opacity 150ms ease, visibility 150ms',
        }}
      >
        <IconBrandWhatsapp size={30} />
      </ActionIcon>
    </Affix>
  );
}
