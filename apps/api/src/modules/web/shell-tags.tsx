// What the server adds to the web app's index.html (web-app.ts): the site's layout data, the preloads of the page's
// files (the tour page's photo first of all), what the first HTML draws before any script (home's hero, an agent's
// tour page or checkout) and the one inline script that hides it from those it is not for. Rendered by the API's JSX
// (every value escaped; JSON through scriptJson).
import type { Language, LayoutInfo } from '@portal/contract';
import {
  FIRST_PAINT_GATE_SCRIPT,
  FIRST_PHOTO_SIZES,
  OTHER_PHOTO_SIZES,
  imageSrcSet,
  imageUrl,
  type PagePreloadFiles,
  type TourPreview,
} from '@portal/contract/plain';
import { t } from '../../lib/i18n.ts';
import { raw, scriptJson } from '../../lib/jsx/markup.ts';

// The top of the tour page in the first HTML (issues 10 and 32): the tour's public words (breadcrumbs, title, summary,
// facts, the sections' links) and its gallery's first photos, laid out where the page puts them, so that a phone paints
// them while the scripts download and nothing moves when the page has its data. The app's first render draws the same
// (apps/web/src/components/page-preview.tsx) from the same JSON until the page has its data. In the site's language;
// only what any visitor may see, never a price. The words, not links: the page's own come with it.
export type { TourPreview };
const isOwnPath = (href: string) => /^\/[\w./-]+$/.test(href);
// the site's logo in the header's frame, as the app's header draws it (only a path of our own)
const frameLogo = (logo: string) => (isOwnPath(logo) ? <img src={logo} alt="" height="36" /> : null);

function tourFrame(preview: TourPreview) {
  return (
    <div class="tour-frame" data-preview="tour">
      <div class="tour-frame-text">
        <div class="tour-frame-crumbs">
          {preview.crumbs.map((crumb, index) => (
            <>
              {index > 0 ? <span class="tour-frame-separator">›</span> : null}
              <span>{crumb}</span>
            </>
          ))}
        </div>
        <h1 class="tour-frame-title">{preview.title}</h1>
        <p class="tour-frame-summary">{preview.summary}</p>
        <div class="tour-frame-facts">
          {preview.facts.map((fact) => (
            <span class="tour-frame-fact">{fact}</span>
          ))}
          <span class="tour-frame-badge" data-instant={preview.confirmation.isInstant ? '' : undefined}>
            {preview.confirmation.text}
          </span>
        </div>
        <div class="tour-frame-sections">
          {preview.sections.map((section) => (
            <a href={`#${section.id}`}>{section.text}</a>
          ))}
        </div>
      </div>
      <div class="tour-frame-gallery">
        {preview.photos.map((photo, index) => (
          <div>
            <img
              src={imageUrl(photo.key, 640)}
              srcset={imageSrcSet(photo.key)}
              sizes={index === 0 ? FIRST_PHOTO_SIZES : OTHER_PHOTO_SIZES}
              width={photo.width}
              height={photo.height}
              alt={photo.alt || preview.title}
              fetchpriority={index === 0 ? 'high' : 'auto'}
              decoding="async"
            />
            {index === 2 && preview.morePhotos ? <span class="tour-frame-more">{preview.morePhotos}</span> : null}
          </div>
        ))}
      </div>
    </div>
  );
}

// The agent's booking pages in the first HTML (issue 32: their largest element painted before any script), as the
// app's first render draws them (components/header.tsx, components/page-preview.tsx; app/global.css's first-* classes):
// the header's frame with the site's logo (and the place of the menu's burger on a phone, of the menu's bar on a
// wider screen), then the tour's first photo, or the checkout's heading in the site's language. Only for a reader with
// a stored session (FIRST_PAINT_GATE_SCRIPT; anyone else is sent home by the app), and the heading only in the page's
// language. Never a price, an agency's or a guest's data.
export type AgentFrame = { page: 'tour'; preview: TourPreview } | { page: 'checkout' };

export function agentFrameHtml(frame: AgentFrame, site: { language: Language; logo: string }): string {
  const { language } = site;
  return (
    <div data-preview="agent" lang={language}>
      <div class="first-header first-header-agent">
        <div>
          <span class="first-burger"></span>
          {frameLogo(site.logo)}
        </div>
        <div class="first-nav"></div>
      </div>
      {frame.page === 'tour' ? (
        tourFrame(frame.preview)
      ) : (
        <div class="first-page">
          <h1 class="first-title">{t(language, 'web:checkout.title')}</h1>
        </div>
      )}
    </div>
  ).toString();
}

// The home page's hero for visitors, in the site's language, as the app draws it (apps/web/src/components/home-hero.tsx,
// the same elements and app/global.css classes) under the header's frame with the site's logo (issue 32: home's
// largest text painted before any script). Hidden before the first paint from an agent and from a visitor who chose
// another language (firstPaintGateTag); the app's first render replaces it.
export type HomePreview = { language: Language; logo: string; withoutSearch: boolean };

export function homePreviewHtml(preview: HomePreview): string {
  const { language } = preview;
  return (
    <div data-preview="home" lang={language}>
      <div class="first-header">
        <div>{frameLogo(preview.logo)}</div>
      </div>
      <section class="home-hero">
        <div class={preview.withoutSearch ? 'home-hero-grid without-search' : 'home-hero-grid'}>
          <div class="home-intro">
            <p class="home-eyebrow">{t(language, 'web:home.eyebrow')}</p>
            <h1 class="home-title">{t(language, 'web:home.title')}</h1>
            <p class="home-sentence">{t(language, 'web:home.description')}</p>
          </div>
          <div class="home-login"></div>
        </div>
      </section>
    </div>
  ).toString();
}

// the script that hides the home's and the agent's first HTML from those they are not for, before the first paint (its
// hash is in the CSP)
export function firstPaintGateTag(): string {
  return (<script>{raw(FIRST_PAINT_GATE_SCRIPT)}</script>).toString();
}

// The tour page's photo, its largest element, asked for before anything else of the page (web-app.ts puts it ahead of
// index.html's own scripts and styles): on a phone's six connections to the server it came after every script of the
// page, painted a second after the style sheets it waited for (issue 32)
export function photoPreloadTag(preview: TourPreview): string | null {
  const key = preview.photos[0]?.key;
  if (!key) return null;
  // (attributes @kitajs/html's types do not name)
  const responsive = { imagesrcset: imageSrcSet(key), imagesizes: FIRST_PHOTO_SIZES };
  return (<link rel="preload" as="image" href={imageUrl(key, 640)} {...responsive} fetchpriority="high" />).toString();
}

// The tour frame's style (tourFrame; the app draws the same elements: components/page-preview.tsx), in the tour page's
// first HTML only: the page's own layout in plain CSS, Mantine's values written out (features/catalogue/components:
// TourPage's Container size="xl" with py lg then xl from md, Stack gap xl; TourHeader; tour-page.module.css's gallery).
// Not in the app's style sheet, which every page waits for. e2e/tour-frame holds the boxes to the page's.
export const TOUR_FRAME_CSS = [
  '.tour-frame{box-sizing:border-box;max-width:82.5rem;margin-inline:auto;padding:1.25rem 1rem;display:flex;',
  'flex-direction:column;gap:2rem;font-family:var(--app-font-family);color:#000;-webkit-font-smoothing:antialiased}',
  '.tour-frame *{box-sizing:border-box}',
  '.tour-frame-crumbs{display:flex;flex-wrap:wrap;align-items:center;row-gap:4px;margin-bottom:12px;font-size:14px;',
  'line-height:1;color:var(--mantine-color-anchor,#2637aa)}',
  '.tour-frame-separator{margin-inline:10px;font-size:16px;color:#868e96}',
  '.tour-frame-title{margin:0;font-size:26px;line-height:1.2;font-weight:700;overflow-wrap:break-word;hyphens:auto}',
  '.tour-frame-summary{margin:6px 0 0;max-width:820px;font-size:18px;line-height:1.6;color:#868e96}',
  '.tour-frame-facts{display:flex;flex-wrap:wrap;align-items:center;gap:6px 16px;margin-top:12px;font-size:14px;',
  'line-height:1.45;color:#495057}',
  '.tour-frame-fact{padding-left:23px;line-height:20.3px}',
  // Mantine's light Badge: yellow on request, teal when instant (with its icon's place on the left)
  '.tour-frame-badge{display:inline-flex;align-items:center;height:20px;padding:0 10px;border-radius:1000px;',
  'font-size:11px;font-weight:700;letter-spacing:.25px;text-transform:uppercase;color:#e67700;background:#fff3bf}',
  '.tour-frame-badge[data-instant]{padding-left:29px;color:#087f5b;background:#c3fae8}',
  '.tour-frame-sections{display:none;gap:20px;margin-top:16px;font-size:14px;line-height:1.45;font-weight:600}',
  '.tour-frame-sections a{color:var(--mantine-color-anchor,#2637aa);text-decoration:none}',
  '.tour-frame-gallery{display:flex;gap:8px;overflow:hidden;border-radius:8px}',
  '.tour-frame-gallery>div{position:relative;flex:0 0 88%;aspect-ratio:16/10;border-radius:8px;overflow:hidden;',
  'background:#f1f3f5}',
  '.tour-frame-gallery img{display:block;width:100%;height:100%;object-fit:cover}',
  // Mantine's white Badge size lg, with its photo icon's place
  '.tour-frame-more{position:absolute;right:12px;bottom:12px;padding:0 12px 0 32px;height:26px;line-height:26px;',
  'border-radius:1000px;background:#fff;font-size:13px;font-weight:700;letter-spacing:.25px;text-transform:uppercase;',
  'color:#000}',
  '@media (min-width:48em){.tour-frame-title{font-size:34px}.tour-frame-sections{display:flex}',
  '.tour-frame-gallery{display:grid;grid-template-columns:2fr 1fr;grid-template-rows:minmax(0,1fr) minmax(0,1fr);',
  'height:420px;',
  'border-radius:16px}.tour-frame-gallery>div{aspect-ratio:auto;border-radius:0}',
  '.tour-frame-gallery>div:first-child{grid-row:1/span 2}}',
  '@media (min-width:62em){.tour-frame{padding-block:2rem}}',
  'html[data-other-language] .tour-frame-text{visibility:hidden}',
].join('');

export function tourFrameStyleTag(): string {
  return (<style>{raw(TOUR_FRAME_CSS)}</style>).toString();
}

// The head's tags, one per line as index.html writes its own
export function headTags(input: {
  layoutInfo: LayoutInfo;
  logo: string;
  scripts: readonly string[];
  page: PagePreloadFiles | undefined;
  preview: TourPreview | null;
}): string[] {
  const tags = [
    <script type="application/json" id="layout-info">
      {scriptJson(input.layoutInfo)}
    </script>,
    // the header's logo is on every page, often its largest element until the page's data arrives
    ...(isOwnPath(input.logo) ? [<link rel="preload" as="image" href={input.logo} />] : []),
    ...input.scripts.map((href) => <link rel="modulepreload" crossorigin="" href={href} />),
    // fetched now, applied by the app when it imports the page's chunk (Vite adds the stylesheet and waits for it):
    // as render-blocking stylesheets they held back the first paint of the server's own HTML (the tour's photo) on a
    // phone until every page stylesheet had arrived (issue 32)
    ...(input.page?.styles ?? []).map((href) => <link rel="preload" as="style" crossorigin="" href={href} />),
  ];
  if (input.preview)
    tags.push(
      <script type="application/json" id="page-preview">
        {scriptJson(input.preview)}
      </script>,
    );
  return tags.map(String);
}
