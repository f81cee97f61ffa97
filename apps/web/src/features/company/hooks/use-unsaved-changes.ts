import { useEffect } from 'react';

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

// Warns before unsaved changes are lost. React Router's useBlocker needs a data router, and this app declares its
// routes as components (router.tsx), so:
// - leaving the portal (reload, closing the tab, another site's link, typing an address): the browser's own
//   `beforeunload` prompt;
// - the portal's own links (menu, header, logo, buttons rendered as links): a click on one asks first, before the
//   router sees it (a capturing listener on the document runs before React's);
// - the browser's back and forward buttons cannot be stopped in declarative mode (the history has already moved),
//   nor a navigate() called by code, such as logging out.
export function useUnsavedChangesWarning(isDirty: boolean, message: string) {
  useEffect(() => {
    if (!isDirty) return;
    const handleBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // older browsers show the prompt only when returnValue is set
      event.returnValue = '';
    };
    const handleClick = (event: MouseEvent) => {
      if (!inAppLinkOf(event) || window.confirm(message)) return;
      event.preventDefault();
      event.stopPropagation();
    };
    window.addEventListener('beforeunload', handleBeforeUnload);
    document.addEventListener('click', handleClick, true);
    return () => {
      window.removeEventListener('beforeunload', handleBeforeUnload);
      document.removeEventListener('click', handleClick, true);
    };
  }, [isDirty, message]);
}
