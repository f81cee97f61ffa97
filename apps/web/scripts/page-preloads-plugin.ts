import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { OutputBundle, OutputChunk } from 'rolldown';
// by path, not by package name: Vite loads its config with the workspace's packages left to Node, which cannot run .ts
import { PAGE_PRELOADS_FILE, type PagePreloadManifest } from '../../../packages/contract/src/web-build.ts';
import { LANGUAGES, type Language, localeFileOf, type WebPart } from '../../../packages/i18n/src/index.ts';
import { bundleGraph } from './bundle-graph.ts';
import type { Plugin } from 'vite';
import { PAGE_PRELOADS } from '../src/app/page-preloads.ts';

// Writes dist/page-preloads.json from src/app/page-preloads.ts and the bundle: the build fails on a module that is
// not a page chunk, so the table cannot silently point at nothing.
// The locale parts lib/i18n.ts loads, from the shared words package
const LOCALES_DIR = fileURLToPath(new URL('../../../packages/i18n/locales', import.meta.url));

export function pagePreloadsPlugin(): Plugin {
  let root = '';
  return {
    name: 'portal-page-preloads',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    generateBundle(_options, bundle) {
      const manifest = buildManifest(bundle as unknown as OutputBundle, root);
      this.emitFile({ type: 'asset', fileName: PAGE_PRELOADS_FILE, source: JSON.stringify(manifest) });
    },
  };
}

function buildManifest(bundle: OutputBundle, root: string): PagePreloadManifest {
  const { chunks, entry, closure: closureOf } = bundleGraph(bundle);
  const bySource = new Map<string, OutputChunk>();
  for (const chunk of chunks) {
    if (chunk.isDynamicEntry && chunk.facadeModuleId)
      bySource.set(path.relative(root, chunk.facadeModuleId).split(path.sep).join('/'), chunk);
  }
  if (!entry) throw new Error('page preloads: the build has no entry chunk');
  const closure = (start: OutputChunk) => closureOf([start.fileName]);
  const cssOf = (chunk: OutputChunk): string[] => [
    ...((chunk as { viteMetadata?: { importedCss: Set<string> } }).viteMetadata?.importedCss ?? []),
  ];
  const entryChunks = closure(entry);
  const loaded = new Set([...entryChunks.map((c) => c.fileName), ...entryChunks.flatMap(cssOf)]);
  const pageChunk = (source: string): OutputChunk => {
    const chunk = bySource.get(source);
    if (!chunk) throw new Error(`page preloads: ${source} is not a lazily loaded module of the build`);
    return chunk;
  };
  const filesOf = (sources: readonly string[]) => {
    const scripts = new Set<string>();
    const styles = new Set<string>();
    for (const source of sources) {
      for (const chunk of closure(pageChunk(source))) {
        if (!loaded.has(chunk.fileName)) scripts.add(chunk.fileName);
        for (const css of cssOf(chunk)) if (!loaded.has(css)) styles.add(css);
      }
    }
    return { scripts: [...scripts].map(asUrl), styles: [...styles].map(asUrl) };
  };
  const localeSource = (language: Language, part: WebPart) =>
    path
      .relative(root, path.join(LOCALES_DIR, language, localeFileOf(part)))
      .split(path.sep)
      .join('/');
  const textsOf = (parts: readonly WebPart[]) =>
    Object.fromEntries(
      LANGUAGES.map((language) => [language, filesOf(parts.map((part) => localeSource(language, part))).scripts]),
    ) as Record<Language, string[]>;

  return {
    // English texts of the core ship in the entry chunk; the Russian ones load before the first render
    everyPage: { texts: { en: [], ru: filesOf([localeSource('ru', 'core')]).scripts } },
    pages: PAGE_PRELOADS.map((page) => ({
      path: page.path,
      prefix: page.prefix ?? false,
      ...filesOf(page.modules),
      texts: textsOf(page.parts),
    })),
  };
}

const asUrl = (file: string) => `/${file}`;
