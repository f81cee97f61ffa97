import { useEffect, useRef } from 'react';

// The link a click would follow inside the portal to another page (not a new tab, not a download, not this page)
function inAppLinkOf(event: MouseEvent): HTMLAnchorElement | null {
  if (event.defaultPrevented || event.button !== 0) return null;
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null;
  const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
  if (!(link instanceof HTMLAnchorElement)) return null;
  if ((link.target && link.target !== '_self') || link.hasAttribute('download')) return null;
  const url = new URL(link.href, window.location.href);
  if (url.origin !== window.location.origin) return null;
  const isSamePage = url.pathname === window.location.pathname && url.search === window.location.search;
  return isSamePage ? null : link;
}

// Marks the extra history entry that stands between the form and the page before it
const GUARD = '__unsavedChangesGuard';
// set while a clean-up's history.back() that takes the guard off has not landed yet
let removingGuard = false;
const isGuard = (state: unknown) =>
  typeof state === 'object' && state !== null && (state as Record<string, unknown>)[GUARD] === true;

// Warns before unsaved changes are lost. React Router's useBlocker needs a data router, and this app declares its
// routes as components (router.tsx), so:
// - leaving the portal (reload, closing the tab, another site's link, typing an address): the browser's own
//   `beforeunload` prompt;
// - the portal's own links (menu, header, logo, buttons rendered as links): a click on one asks first, before the
//   router sees it (a capturing listener on the document runs before React's);
// - the browser's Back button: while the form is dirty, a copy of the current entry (same address, same router
//   state, marked as the guard) sits on top of the history. Back pops only the copy — the router sees the same
//   address and keeps the form — and the question is asked: to leave, the page goes back once more; to stay, the
//   guard is pushed again. Forward has nothing to go to while the guard is on top. Once the form is clean again
//   the guard is taken off if it is still the current entry.
// A navigate() called by code (logging out) is not asked about.
export function useUnsavedChangesWarning(isDirty: boolean, message: string) {
  const messageRef = useRef(message);
  useEffect(() => {
    messageRef.current = message;
  }, [message]);
  useEffect(() => {
    if (!isDirty) return;
    let isLeaving = false;
    const pushGuard = () => window.history.pushState({ ...(window.history.state ?? {}), [GUARD]: true }, '');
    // a guard being taken off by the last clean-up (a re-render that kept the form dirty): put it back once it is off
    let restoreAfterRemoval = removingGuard;
    if (!restoreAfterRemoval && !isGuard(window.history.state)) pushGuard();

    const ask = () => window.confirm(messageRef.current);
    const handleBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // older browsers show the prompt only when returnValue is set
      event.returnValue = '';
    };
    const handleClick = (event: MouseEvent) => {
      if (!inAppLinkOf(event) || ask()) return;
      event.preventDefault();
      event.stopPropagation();
    };
    const handlePopState = (event: PopStateEvent) => {
      if (restoreAfterRemoval) {
        restoreAfterRemoval = false;
        pushGuard();
        return;
      }
      // the guard was popped (Back): the address is still the form's own
      if (isLeaving || isGuard(event.state)) return;
      if (ask()) {
        isLeaving = true;
        // asked once: the page before may be another document, whose load must not ask again
        window.removeEventListener('beforeunload', handleBeforeUnload);
        window.history.back();
      } else pushGuard();
    };
    window.addEventListener('beforeunload', handleBeforeUnload);
    window.addEventListener('popstate', handlePopState);
    document.addEventListener('click', handleClick, true);
    return () => {
      window.removeEventListener('beforeunload', handleBeforeUnload);
      window.removeEventListener('popstate', handlePopState);
      document.removeEventListener('click', handleClick, true);
      // saved (or reset) on the same page: the guard goes, so one Back leaves as usual
      if (!isLeaving && !restoreAfterRemoval && isGuard(window.history.state)) {
        removingGuard = true;
        window.addEventListener('popstate', () => (removingGuard = false), { once: true });
        window.history.back();
      }
    };
  }, [isDirty]);
}

// Runs `fn` once a form that was just saved has taken its guard off the history (the hook's clean-up goes back one
// entry): a save that then leaves the page must navigate after that, or the clean-up's Back would undo it
export function whenUnsavedGuardRemoved(fn: () => void) {
  if (!isGuard(window.history.state)) {
    fn();
    return;
  }
  window.addEventListener('popstate', () => fn(), { once: true });
}
