// What the server painted in the first HTML for this address (apps/api/src/modules/web/web-app.ts#tourPreviewOf,
// contract#TourPreview): the top of the tour page, its words in the site's language and its gallery's first
// photos. The app draws the same while it loads that page for the first time, so nothing moves before the page has
// its data. Read once; any other address (after a navigation) has none.
import type { TourPreview, TourPreviewPhoto } from '@portal/contract/plain';

export type { TourPreview };

const isText = (value: unknown): value is string => typeof value === 'string';
const isTexts = (value: unknown): value is string[] => Array.isArray(value) && value.every(isText);

// the JSON is the server's own, but a page saved from an older build may carry another shape: then there is none
function isTourPreview(value: unknown): value is TourPreview {
  if (!value || typeof value !== 'object') return false;
  const p = value as Partial<Record<keyof TourPreview, unknown>>;
  const confirmation = p.confirmation as { text?: unknown } | null | undefined;
  return (
    p.path === '/tour' &&
    isText(p.tour) &&
    isText(p.title) &&
    isText(p.summary) &&
    isTexts(p.crumbs) &&
    isTexts(p.facts) &&
    isText(confirmation?.text) &&
    Array.isArray(p.sections) &&
    p.sections.every((s: { id?: unknown; text?: unknown }) => isText(s?.id) && isText(s?.text)) &&
    Array.isArray(p.photos) &&
    p.photos.length > 0 &&
    p.photos.every((photo: Partial<TourPreviewPhoto> | null) => isText(photo?.key) && isText(photo?.alt)) &&
    (p.morePhotos === null || isText(p.morePhotos))
  );
}

function readPreview(): TourPreview | null {
  try {
    const text = document.getElementById('page-preview')?.textContent;
    const value: unknown = text ? JSON.parse(text) : null;
    return isTourPreview(value) ? value : null;
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
