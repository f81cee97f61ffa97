// What the web build tells the API server about the pages (apps/web/scripts/page-preloads-plugin.ts writes it as
// dist/page-preloads.json; apps/api/src/modules/web/web-app.ts reads it): each page's scripts to modulepreload, its
// stylesheets, and its texts in each language. Files the entry chunk already brings are left out.
export const PAGE_PRELOADS_FILE = 'page-preloads.json';

type Texts = Record<'en' | 'ru', string[]>;
export type PagePreloadFiles = { path: string; prefix: boolean; scripts: string[]; styles: string[]; texts: Texts };
export type PagePreloadManifest = { everyPage: { texts: Texts }; pages: PagePreloadFiles[] };
