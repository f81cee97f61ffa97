import path from 'node:path';
import type { OutputBundle, OutputChunk } from 'rolldown';
// by path, not by package name: Vite loads its config with the workspace's packages left to Node, which cannot run .ts
import { PAGE_PRELOADS_FILE, type PagePreloadManifest } from '../../../packages/contract/src/web-build.ts';
import { bundleGraph } from './bundle-graph.ts';
import type { Plugin } from 'vite';
import { PAGE_PRELOADS } from '../src/app/page-preloads.ts';

const LANGUAGES = ['en', 'ru'] as const;
type Language = (typeof LANGUAGES)[number];

// Writes dist/page-preloads.json from src/app/page-preloads.ts and the bundle: the build fails on a module that is
// not a page chunk, so the table cannot silently point at nothing.
// A locale part's file is its name in kebab case (backOfficeDesk → back-office-desk.json), as lib/i18n.ts loads it
const localeFileOf = (part: string) => part.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);

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
  const textsOf = (parts: readonly string[]) =>
    Object.fromEntries(
      LANGUAGES.map((language) => [
        language,
        filesOf(parts.map((part) => `src/locales/${language}/${localeFileOf(part)}.json`)).scripts,
      ]),
    ) as Record<Language, string[]>;

  return {
    // English texts of the core ship in the entry chunk; the Russian ones load before the first render
    everyPage: { texts: { en: [], ru: filesOf(['src/locales/ru/core.json']).scripts } },
    pages: PAGE_PRELOADS.map((page) => ({
      path: page.path,
      prefix: page.prefix ?? false,
      ...filesOf(page.modules),
      texts: textsOf(page.parts),
    })),
  };
}

const asUrl = (file: string) => `/${file}`;
