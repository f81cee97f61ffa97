// What the server adds to the web app's index.html (web-app.ts): the site's layout data, the preloads of the page's
// files (the tour page's photo first of all), what the first HTML draws before any script (home's hero, an agent's
// tour page or checkout) and the one inline script that hides it from those it is not for. Rendered by the API's JSX
// (every value escaped; JSON through scriptJson).
import type { Language, LayoutInfo } from '@portal/contract';
import {
  FIRST_PAINT_GATE_SCRIPT,
  FIRST_PHOTO_SIZES,
  imageSrcSet,
  imageUrl,
  type PagePreloadFiles,
} from '@portal/contract/plain';
import { t } from '../../lib/i18n.ts';
import { raw, scriptJson } from '../../lib/jsx/markup.ts';

// The tour page's first photo, in the first HTML (issue 10): a phone paints the tour's picture while the scripts
// download, and the app's first render shows the same picture (apps/web/src/components/page-preview.tsx) until the
// page has its data. Only what any visitor may see (the photo), never a price.
export type TourPreview = { path: '/tour'; tour: string; image: { key: string; width: number; height: number } };
const isOwnPath = (href: string) => /^\/[\w./-]+$/.test(href);
// the site's logo in the header's frame, as the app's header draws it (only a path of our own)
const frameLogo = (logo: string) => (isOwnPath(logo) ? <img src={logo} alt="" height="36" /> : null);

function previewImage(preview: TourPreview) {
  const { key, width, height } = preview.image;
  return (
    <div class="page-preview" data-preview="tour">
      <img
        src={imageUrl(key, 640)}
        srcset={imageSrcSet(key)}
        sizes={FIRST_PHOTO_SIZES}
        width={width}
        height={height}
        alt=""
        fetchpriority="high"
        decoding="async"
      />
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
        previewImage(frame.preview)
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
export function photoPreloadTag(preview: TourPreview): string {
  const { key } = preview.image;
  // (attributes @kitajs/html's types do not name)
  const responsive = { imagesrcset: imageSrcSet(key), imagesizes: FIRST_PHOTO_SIZES };
  return (<link rel="preload" as="image" href={imageUrl(key, 640)} {...responsive} fetchpriority="high" />).toString();
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
