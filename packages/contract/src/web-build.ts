// What the web build tells the API server about the pages (apps/web/scripts/page-preloads-plugin.ts writes it as
// dist/page-preloads.json; apps/api/src/modules/web/web-app.ts reads it): each page's scripts to modulepreload, its
// stylesheets, and its texts in each language. Files the entry chunk already brings are left out.
export const PAGE_PRELOADS_FILE = 'page-preloads.json';

type Texts = Record<'en' | 'ru', string[]>;
export type PagePreloadFiles = { path: string; prefix: boolean; scripts: string[]; styles: string[]; texts: Texts };
export type PagePreloadManifest = { everyPage: { texts: Texts }; pages: PagePreloadFiles[] };

// /checkout carries the tour page's selection (the form); /checkout?booking=<id>[&payment=<id>] is a booking's
// confirmation. The app's checkout route, its first render and the server's first HTML tell them apart alike.
export const CHECKOUT_BOOKING_PARAM = 'booking';
export const isCheckoutConfirmation = (params: URLSearchParams): boolean => params.has(CHECKOUT_BOOKING_PARAM);

// The top of the tour page that the server's first HTML of /tour?id= draws and writes as JSON (#page-preview) for the
// app's first renders (apps/api/src/modules/web/shell-tags.tsx#tourFrame, apps/web/src/components/page-preview.tsx):
// the tour's public words in the site's language and its gallery's first photos; never a price (decision 0168)
export type TourPreviewPhoto = { key: string; width: number; height: number; alt: string };
export type TourPreview = {
  path: '/tour';
  tour: string;
  language: 'en' | 'ru';
  title: string;
  summary: string;
  crumbs: string[];
  facts: string[];
  confirmation: { text: string; isInstant: boolean };
  sections: { id: string; text: string }[];
  // the gallery's three (the page shows three, the rest in its viewer), and the third's "All 7 photos" when more
  photos: TourPreviewPhoto[];
  morePhotos: string | null;
};

// Where the web app keeps the session's token and the language a visitor chose (localStorage)
export const ACCESS_TOKEN_STORAGE_KEY = 'accessToken';
export const LANGUAGE_STORAGE_KEY = 'language';

// The first HTML draws the home page's public hero, and an agent's tour page and checkout (issue 32: painted before any
// script). The hero is for a visitor of the page's language (the site's, on <html lang>), the agent's pages for a
// reader whose stored session the app will use (its token unexpired; an agency's user, as the tours company's operator
// is sent to a home of their own) and their heading for one of the page's language: none may flash before the app
// draws what the reader gets. This script, the first HTML's only inline one, marks the document from localStorage
// before the first paint (data-session, data-agent, data-other-language: the token's claims read as the app reads
// them, lib/session.ts, without checking them), and the web's global.css hides what is not for the reader. The API
// allows it by its hash in the Content-Security-Policy, so it is one constant text.
export const FIRST_PAINT_GATE_SCRIPT =
  `try{var s=localStorage,d=document.documentElement,l=s.getItem('${LANGUAGE_STORAGE_KEY}'),` +
  `t=s.getItem('${ACCESS_TOKEN_STORAGE_KEY}');if(l&&l!==d.lang)d.setAttribute('data-other-language','');` +
  `if(t){var c=JSON.parse(atob(t.split('.')[1].replace(/-/g,'+').replace(/_/g,'/')));` +
  `if(c.exp*1e3>Date.now()){d.setAttribute('data-session','');` +
  `if(c.role!=='operator')d.setAttribute('data-agent','')}}}catch(e){}`;
