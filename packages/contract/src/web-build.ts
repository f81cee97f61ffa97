// What the web build tells the API server about the pages (apps/web/scripts/page-preloads-plugin.ts writes it as
// dist/page-preloads.json; apps/api/src/modules/web/web-app.ts reads it): each page's scripts to modulepreload, its
// stylesheets, and its texts in each language. Files the entry chunk already brings are left out.
export const PAGE_PRELOADS_FILE = 'page-preloads.json';

type Texts = Record<'en' | 'ru', string[]>;
export type PagePreloadFiles = { path: string; prefix: boolean; scripts: string[]; styles: string[]; texts: Texts };
export type PagePreloadManifest = { everyPage: { texts: Texts }; pages: PagePreloadFiles[] };

// Where the web app keeps the session's token and the language a visitor chose (localStorage)
export const ACCESS_TOKEN_STORAGE_KEY = 'accessToken';
export const LANGUAGE_STORAGE_KEY = 'language';

// The home page's first HTML draws the public hero (issue 32: painted before any script). An agent, or a visitor who
// chose another language than the page's (the site's, on <html lang>), must not see it flash before the app draws
// their own page: this script, the first HTML's only inline one, marks the document from localStorage before the
// first paint, and the web's global.css hides the preview then. The API allows it by its hash in the
// Content-Security-Policy, so it is one constant text.
export const FIRST_PAINT_GATE_SCRIPT =
  `try{var s=localStorage,d=document.documentElement,l=s.getItem('${LANGUAGE_STORAGE_KEY}');` +
  `if(s.getItem('${ACCESS_TOKEN_STORAGE_KEY}')||(l&&l!==d.lang))d.setAttribute('data-no-preview','')}catch(e){}`;
