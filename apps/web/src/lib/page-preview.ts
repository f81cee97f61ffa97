import type { ImageRef } from '@portal/contract';

// What the server painted in the first HTML for this address (apps/api/src/modules/web/web-app.ts#tourPreviewOf):
// the tour page's first photo. The app shows the same picture while it loads that page for the first time, so the
// phone never swaps a picture for a spinner and back. Read once; any other address (after a navigation) has none.
export type TourPreview = { path: '/tour'; tour: string; image: Pick<ImageRef, 'key' | 'width' | 'height'> };

function readPreview(): TourPreview | null {
  try {
    const text = document.getElementById('page-preview')?.textContent;
    const value: unknown = text ? JSON.parse(text) : null;
    if (!value || typeof value !== 'object' || !('image' in value) || !('path' in value)) return null;
    const preview = value as TourPreview;
    return preview.path === '/tour' && typeof preview.image?.key === 'string' ? preview : null;
  } catch {
    return null;
  }
}

const initial =
  typeof document === 'undefined'
    ? null
    : { preview: readPreview(), address: `${window.location.pathname}${window.location.search}` };

// the address the browser opened: its first page may show a frame of itself while its code loads
export function isFirstAddress(location: { pathname: string; search: string }): boolean {
  return initial !== null && `${location.pathname}${location.search}` === initial.address;
}

export function pagePreviewFor(location: { pathname: string; search: string }): TourPreview | null {
  return isFirstAddress(location) ? (initial?.preview ?? null) : null;
}
