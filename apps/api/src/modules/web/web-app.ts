import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Language } from '@portal/contract';
import fastifyStatic from '@fastify/static';
import {
  PAGE_PRELOADS_FILE,
  isCheckoutConfirmation,
  type PagePreloadFiles,
  type PagePreloadManifest,
} from '@portal/contract/plain';
import type { AppConfig } from '../../config/env.ts';
import type { Site } from '../../config/sites.ts';
import { dubaiDate } from '../../lib/dubai-time.ts';
import { findUp } from '../../lib/find-up.ts';
import { t } from '../../lib/i18n.ts';
import { imageRef, tourCard } from '../catalogue/index.ts';
import { layoutInfoFor } from '../layout/index.ts';
import {
  agentFrameHtml,
  firstPaintGateTag,
  headTags,
  homePreviewHtml,
  photoPreloadTag,
  tourFrameStyleTag,
  type AgentFrame,
  type TourPreview,
} from './shell-tags.tsx';

export type { TourPreview };

// The built web app (apps/web/dist): hashed files with their precompressed copies, and index.html for every
// client-side route, announcing the files of the page asked for (dist/page-preloads.json, written by the build from
// apps/web/src/app/page-preloads.ts) so that they download beside the entry chunk instead of after it has run, and
// carrying the site's layout info (read by apps/web/src/lib/layout-info.ts), which the first render needs.

const ASSET_FILE = /^\/assets\/[\w.~-]+\.(js|css)$/;

// Hashed build files never change under their name; everything else (index.html first) is checked every time.
function webCacheControl(filePath: string): string {
  if (filePath.includes(`${path.sep}assets${path.sep}`)) return 'public, max-age=31536000, immutable';
  if (path.basename(filePath).startsWith('index.html')) return 'no-cache';
  return 'public, max-age=3600';
}

function findWebDist(config: AppConfig): string | null {
  if (config.webDistDir) return fs.existsSync(path.join(config.webDistDir, 'index.html')) ? config.webDistDir : null;
  return findUp(import.meta.url, 'web/dist', 'index.html');
}

function readPreloads(webDist: string): PagePreloadManifest {
  const file = path.join(webDist, PAGE_PRELOADS_FILE);
  if (!fs.existsSync(file)) return { everyPage: { texts: { en: [], ru: [] } }, pages: [] };
  const manifest = JSON.parse(fs.readFileSync(file, 'utf8')) as PagePreloadManifest;
  // only our own build's file names go into the page
  const files = [
    ...Object.values(manifest.everyPage.texts).flat(),
    ...manifest.pages.flatMap((p) => [...p.scripts, ...p.styles, ...Object.values(p.texts).flat()]),
  ];
  const bad = files.find((f) => !ASSET_FILE.test(f));
  if (bad) throw new Error(`${file}: unexpected file name ${JSON.stringify(bad)}`);
  return manifest;
}

function matchPage(pages: readonly PagePreloadFiles[], pathname: string): PagePreloadFiles | undefined {
  return pages.find((p) => p.path === pathname || (p.prefix && pathname.startsWith(`${p.path}/`)));
}

type Encoding = 'br' | 'gzip';
// the page, and its compressed copies, made when an encoding is first asked for
type Shell = { html: string; encoded: Map<Encoding, Buffer> };

const COMPRESS: Record<Encoding, (bytes: Buffer) => Buffer> = {
  br: (bytes) => zlib.brotliCompressSync(bytes, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
  gzip: (bytes) => zlib.gzipSync(bytes, { level: 9 }),
};

function encode(shell: Shell, encoding: Encoding): Buffer {
  let bytes = shell.encoded.get(encoding);
  if (!bytes) {
    bytes = COMPRESS[encoding](Buffer.from(shell.html));
    shell.encoded.set(encoding, bytes);
  }
  return bytes;
}

function createWebShell(webDist: string) {
  const template = fs.readFileSync(path.join(webDist, 'index.html'), 'utf8');
  const preloads = readPreloads(webDist);
  // one shell per site and page (and tour, for the tour page's photo), built on first use; a new catalogue version
  // (seen on a tour page) or more shells than this clears them
  const shells = new Map<string, Shell>();
  const MAX_SHELLS = 2000;
  let catalogueVersion = 0;

  // in the site's language until the visitor picks one
  function build(site: Site, isHome: boolean, page: PagePreloadFiles | undefined, asked: FrameAsked | null): Shell {
    const frame: AgentFrame | null = asked?.page === 'tour' ? { page: 'tour', preview: asked.preview() } : asked;
    const language = site.defaultLanguage;
    const logo = site.hostData.mainLogo;
    const scripts = [...(page?.scripts ?? []), ...preloads.everyPage.texts[language], ...(page?.texts[language] ?? [])];
    const preview = frame?.page === 'tour' ? frame.preview : null;
    // home's hero for visitors, the agent's tour page or checkout (issue 32), each with the script that hides it
    // before the first paint from those it is not for
    const drawn = isHome
      ? homePreviewHtml({ language, logo, withoutSearch: !site.features.search && !site.features.topDestinations })
      : frame
        ? agentFrameHtml(frame, { language, logo })
        : null;
    const tags = headTags({ layoutInfo: layoutInfoFor(site), logo, scripts, page, preview });
    if (drawn) tags.unshift(firstPaintGateTag());
    // the tour frame's style (only on this page's first HTML)
    if (preview) tags.push(tourFrameStyleTag());
    // in the site's language until the visitor picks one (the gate compares the choice with it)
    // (function replacements: a `$` in the site's texts or a tour's image key is text, never a replacement pattern)
    let html = template
      .replace(/<html\b[^>]*>/, () => `<html lang="${language}">`)
      .replace('</head>', () => `  ${tags.join('\n    ')}\n  </head>`);
    // the tour's first photo asked for before anything else of the page
    const preload = preview ? photoPreloadTag(preview) : null;
    if (preload) html = html.replace(/<(?:link|script)\b/, (first) => `${preload}\n    ${first}`);
    return {
      html: drawn ? html.replace('<div id="root"></div>', () => `<div id="root">${drawn}</div>`) : html,
      encoded: new Map(),
    };
  }

  return {
    shellFor(site: Site, pathname: string, frame: FrameAsked | null, version: number): Shell {
      const page = matchPage(preloads.pages, pathname);
      const isHome = pathname === '/';
      const drawn = frame ? (frame.page === 'tour' ? `tour:${frame.tour}:${version}` : frame.page) : '';
      const key = `${site.id}:${isHome ? 'home' : (page?.path ?? '')}:${drawn}`;
      // (only forward: a request that read the catalogue before a change may finish after one that read it after)
      if (frame?.page === 'tour' && version > catalogueVersion) {
        shells.clear();
        catalogueVersion = version;
      }
      let shell = shells.get(key);
      if (!shell) {
        if (shells.size >= MAX_SHELLS) shells.clear();
        shell = build(site, isHome, page, frame);
        shells.set(key, shell);
      }
      return shell;
    },
  };
}

// An agent's page as asked for: the checkout's form, or a tour whose preview is made when its shell is built
type FrameAsked = { page: 'tour'; tour: string; preview: () => TourPreview } | { page: 'checkout' };

// What the first HTML draws of an agent's page: the checkout's form (not a booking's confirmation), or the first photo
// of a tour on sale (/tour?id=<id or url>)
async function agentFrameOf(
  app: FastifyInstance,
  site: Site,
  pathname: string,
  params: URLSearchParams,
): Promise<{ frame: FrameAsked | null; version: number }> {
  if (pathname === '/checkout')
    return { frame: isCheckoutConfirmation(params) ? null : { page: 'checkout' }, version: 0 };
  if (pathname !== '/tour') return { frame: null, version: 0 };
  const { tour, preview, version } = await tourPreviewOf(app, params, site.defaultLanguage);
  return { frame: preview ? { page: 'tour', tour, preview } : null, version };
}

// /tour?id=<id or url> of a tour on sale with a photo: its id, and the top of its page in the site's language
// (shell-tags.tsx#TourPreview), made only when its shell is built: a request whose shell is cached finds the tour and
// nothing more
async function tourPreviewOf(
  app: FastifyInstance,
  params: URLSearchParams,
  language: Language,
): Promise<{ tour: string; preview: (() => TourPreview) | null; version: number }> {
  const id = params.get('id')?.trim() ?? '';
  if (!id || id.length > 200) return { tour: '', preview: null, version: 0 };
  const snapshot = await app.catalogue.snapshot();
  const tour = /^\d+$/.test(id) ? snapshot.tourById.get(Number(id)) : snapshot.tourByUrl.get(id.toLowerCase());
  const photoRows = tour ? (snapshot.photosByTour.get(tour.id) ?? []) : [];
  if (!tour || photoRows.length === 0) return { tour: '', preview: null, version: snapshot.version };
  const preview = (): TourPreview => {
    // the card's words (no price is kept from it) and the page's photos, as the tour's page has them
    const view = { language, currency: 'aed', showNet: false, today: dubaiDate() } as const;
    const card = tourCard(snapshot, tour, view);
    const photos = photoRows.map((photo) => imageRef(snapshot, photo.imageKey, view));
    const words = (key: Parameters<typeof t>[1], values?: Record<string, string | number>) => t(language, key, values);
    return {
      path: '/tour',
      tour: String(tour.id),
      language,
      title: card.title,
      summary: card.summary,
      crumbs: [
        words('catalogue:catalogue.crumbs.home'),
        card.country.name,
        card.city.name,
        ...card.categories.slice(0, 1).map((c) => c.name),
      ],
      facts: [card.city.name, card.durationText, ...(card.hasPickUp ? [words('web:catalogue.card.pickUp')] : [])],
      confirmation: {
        text: words(card.hasInstantConfirmation ? 'web:catalogue.card.instant' : 'web:catalogue.card.onRequest'),
        isInstant: card.hasInstantConfirmation,
      },
      sections: TOUR_SECTIONS.map((section) => ({ id: section, text: words(`catalogue:catalogue.tour.${section}`) })),
      photos: photos.slice(0, 3).map(({ key, width, height, alt }) => ({ key, width, height, alt })),
      morePhotos: photos.length > 3 ? words('catalogue:catalogue.tour.allPhotos', { count: photos.length }) : null,
    };
  };
  return { tour: String(tour.id), preview, version: snapshot.version };
}
// the tour page's sections, in its order (features/catalogue/components/tour-header.tsx)
const TOUR_SECTIONS = ['options', 'overview', 'itinerary', 'terms', 'faq'] as const;

function preferredEncoding(request: FastifyRequest): Encoding | null {
  const accepted = String(request.headers['accept-encoding'] ?? '');
  if (/\bbr\b/.test(accepted)) return 'br';
  if (/\bgzip\b/.test(accepted)) return 'gzip';
  return null;
}

// The build's files as they were at start-up, and nothing else (any other path is a client-side route). The few
// files outside assets/ get a route each; the hashed files of assets/ (over four hundred, with their compressed
// copies) share one route that serves only the names listed here: a route per file cost a tenth of start-up.
async function registerBuildFiles(app: FastifyInstance, webDist: string) {
  const options = {
    index: false,
    // the build's .br and .gz copies (apps/web/scripts/precompress.mjs), chosen by Accept-Encoding
    preCompressed: true,
    // our rule, not send's `public, max-age=0`, which used to overwrite it
    cacheControl: false,
    setHeaders: (res: { setHeader: (name: string, value: string) => unknown }, filePath: string) =>
      res.setHeader('Cache-Control', webCacheControl(filePath)),
  } as const;
  await app.register(fastifyStatic, { ...options, root: webDist, wildcard: false, globIgnore: ['assets/**'] });
  const assetsDir = path.join(webDist, 'assets');
  if (!fs.existsSync(assetsDir)) return;
  const assets = new Set(
    fs
      .readdirSync(assetsDir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile() && !entry.name.startsWith('.'))
      .map(
        (entry) => `/${path.relative(assetsDir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/')}`,
      ),
  );
  await app.register(fastifyStatic, {
    ...options,
    // hashed names that never change (immutable for a year): no ETag, Last-Modified or Accept-Ranges to revalidate
    // or resume them, some 100 bytes less on each of a first load's twenty-odd files (issue 32)
    etag: false,
    lastModified: false,
    acceptRanges: false,
    root: assetsDir,
    prefix: '/assets/',
    wildcard: true,
    decorateReply: false,
    allowedPath: (pathname) => assets.has(pathname),
  });
}

export async function webAppPlugin(app: FastifyInstance) {
  const webDist = findWebDist(app.deps.config);
  if (!webDist) {
    app.setNotFoundHandler((_request, reply) => reply.code(404).type('text/plain; charset=utf-8').send('Not found'));
    return;
  }
  await registerBuildFiles(app, webDist);
  // Every text file of the build may come in another encoding: caches keep one copy per Accept-Encoding
  app.addHook('onSend', (request, reply, payload, done) => {
    if (
      !request.url.startsWith('/api/') &&
      /javascript|css|html|svg|json/.test(String(reply.getHeader('content-type') ?? ''))
    )
      reply.header('Vary', 'Accept-Encoding');
    done(null, payload);
  });
  const shells = createWebShell(webDist);
  app.setNotFoundHandler(async (request, reply) => {
    // a build file that is not there (a tab from before a deploy asking for a chunk gone since) is a 404 its import
    // fails on, not the page's HTML under a script's name
    if (request.url.startsWith('/api/') || request.url.startsWith('/assets/') || request.method !== 'GET') {
      return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
    }
    // Every other GET is a client-side route of the SPA
    const [pathname = '/', search = ''] = request.url.split('?');
    const { frame, version } = await agentFrameOf(app, request.site, pathname, new URLSearchParams(search));
    const shell = shells.shellFor(request.site, pathname, frame, version);
    const encoding = preferredEncoding(request);
    reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8');
    if (encoding) return reply.header('Content-Encoding', encoding).send(encode(shell, encoding));
    return reply.send(shell.html);
  });
}
