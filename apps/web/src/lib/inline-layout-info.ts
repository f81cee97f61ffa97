import type { LayoutInfo } from '@portal/contract';

// The server writes the site's layout info into index.html (apps/api/src/modules/web/web-app.ts): read once, before
// anything renders, by the language (locale.ts: the site's own until the visitor picks one) and the layout info's
// query (layout-info.ts). Anything unreadable counts as none, and the API is asked.
function readInlineLayoutInfo(): LayoutInfo | undefined {
  if (typeof document === 'undefined') return undefined;
  try {
    const text = document.getElementById('layout-info')?.textContent;
    const value: unknown = text ? JSON.parse(text) : undefined;
    if (value && typeof value === 'object' && 'site' in value && value.site && typeof value.site === 'object')
      return value as LayoutInfo;
  } catch {
    // a shell without it (the dev server's index.html) or a broken one
  }
  return undefined;
}

export const inlineLayoutInfo = readInlineLayoutInfo();
