// Image URLs for the widths the image endpoint serves (SPEC §9: 640–3840); no zod, for the first page
export const IMAGE_WIDTHS = [640, 750, 828, 1080, 1200, 1920, 2048, 3840] as const;
export type ImageWidth = (typeof IMAGE_WIDTHS)[number];
export const DEFAULT_IMAGE_WIDTH: ImageWidth = 1200;

export function imageUrl(key: string, width: ImageWidth = DEFAULT_IMAGE_WIDTH): string {
  return `/api/images/${encodeURIComponent(key)}?w=${width}`;
}

// For <img srcSet>: every device width the image endpoint serves
export function imageSrcSet(key: string): string {
  return IMAGE_WIDTHS.map((w) => `${imageUrl(key, w)} ${w}w`).join(', ');
}

// The sizes of a tour's first photo: the tour page's gallery, and the same photo drawn before the page has its data
// (the server's first HTML and the app's first render, which must ask for the same file)
export const FIRST_PHOTO_SIZES = '(min-width: 75em) 800px, (min-width: 48em) 66vw, 88vw';
// the gallery's second and third photos, likewise
export const OTHER_PHOTO_SIZES = '(min-width: 75em) 400px, (min-width: 48em) 33vw, 88vw';
