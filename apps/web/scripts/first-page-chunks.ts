import fs from 'node:fs';
import path from 'node:path';
import type { OutputBundle } from 'rolldown';
import type { Plugin } from 'vite';
import { bundleGraph } from './bundle-graph.ts';

// The code the entry needs goes into one "shell" chunk, and what a group of pages adds to it into one chunk per group
// (vendor groups of a higher priority keep theirs). Left to itself the bundler splits the modules the entry and the
// pages share into one chunk per sharing pattern: some fifty files of a few hundred bytes each for the home page, and
// on a phone every file costs a round trip. Other pages import from these chunks what they share with them, so
// nothing is downloaded twice; a page that uses one module of a group loads the group's chunk with it.
//
// Which modules those are is known only after tree-shaking (the entry imports one component of a library whose
// index re-exports hundreds), so scripts/build.mjs builds twice: a measuring build (FIRST_PAGE_CHUNKS=measure),
// chunked by the bundler alone, records them in `listFile`; the real build groups them.
// A group of pages whose shared code goes into one chunk (named after the group), beyond what the shell has
export type PageGroup = { name: string; modules: readonly string[]; except?: RegExp };
// Then the first pages agents and visitors open (issue 32): what they need beyond the shell and the groups, one chunk
// per set of these pages needing it ("first-tour-checkout": what both need and the home page does not), so that none
// of them loads another's code and each loads a handful of files.
export type FirstPages = Record<string, readonly string[]>;
type Lists = Record<string, string[]>;

export function firstPageChunks(listFile: string, pageGroups: readonly PageGroup[], firstPages: FirstPages = {}) {
  const measuring = process.env.FIRST_PAGE_CHUNKS === 'measure';
  const lists = measuring ? {} : readLists(listFile);
  let root = '';
  const plugin: Plugin = {
    name: 'portal-first-page-chunks',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    generateBundle(_options, bundle) {
      if (!measuring) return;
      const importsOf = (id: string) => this.getModuleInfo(id)?.importedIds ?? [];
      const next = firstPageModules(bundle as unknown as OutputBundle, root, pageGroups, firstPages, importsOf);
      fs.mkdirSync(path.dirname(listFile), { recursive: true });
      fs.writeFileSync(listFile, JSON.stringify(next, null, 1));
    },
  };
  // in the lists' order (shell, the groups, the first pages' sets): an earlier group keeps a module
  const groups = Object.keys(lists).map((name, index) => {
    const members = new Set(lists[name] ?? []);
    return { name, test: (id: string) => members.has(id), priority: 5 - index * 0.01 };
  });
  return { plugin, groups };
}

function readLists(file: string): Lists {
  try {
    const value: unknown = JSON.parse(fs.readFileSync(file, 'utf8'));
    if (!value || typeof value !== 'object') return {};
    return Object.fromEntries(
      Object.entries(value).map(([name, list]) => [
        name,
        Array.isArray(list) ? list.filter((id): id is string => typeof id === 'string') : [],
      ]),
    );
  } catch {
    return {};
  }
}

const VENDOR_CHUNK = /^(react|router|query|zod|rolldown-runtime)$/;
// (rendered bytes, before minifying)
const MIN_SET_BYTES = 2048;

// Modules with code in the chunks the entry chunk imports statically (less the entry's own module and the vendor
// groups' chunks, which keep their long-lived files), then likewise for each group of pages, less what came before.
function firstPageModules(
  bundle: OutputBundle,
  root: string,
  pageGroups: readonly PageGroup[],
  firstPages: FirstPages,
  importsOf: (id: string) => readonly string[],
): Lists {
  const { chunks, entry, closure } = bundleGraph(bundle);
  const taken = new Set<string>();
  const modulesOf = (starts: string[], except?: RegExp): string[] => {
    const ids = closure(starts)
      .filter((chunk) => !VENDOR_CHUNK.test(chunk.name))
      .flatMap((chunk) => Object.entries(chunk.modules))
      .filter(([id, module]) => module.renderedLength > 0 && !taken.has(id) && !except?.test(id))
      .map(([id]) => id);
    for (const id of ids) taken.add(id);
    return ids.sort();
  };
  if (!entry) return {};
  const pageChunk = (source: string) => {
    const chunk = chunks.find((c) => c.isDynamicEntry && c.facadeModuleId === path.join(root, source));
    if (!chunk) throw new Error(`first page chunks: ${source} is not a lazily loaded module of the build`);
    return chunk;
  };
  const lists: Lists = { shell: modulesOf(entry.imports) };
  // what every page loads whatever it is: the entry, the vendor chunks it brings, the shell (the groups come later)
  const everywhere = new Set([entry, ...closure(entry.imports)].flatMap((chunk) => Object.keys(chunk.modules)));
  for (const group of pageGroups) {
    const pages = group.modules.map(pageChunk);
    // the pages' own modules stay in their chunks (they are what the router imports)
    for (const page of pages) for (const id of Object.keys(page.modules)) taken.add(id);
    lists[group.name] = modulesOf(
      pages.flatMap((page) => page.imports),
      group.except,
    );
  }
  const pagesOf = Object.entries(firstPages).map(([name, sources]) => ({ name, pages: sources.map(pageChunk) }));
  for (const { pages } of pagesOf) for (const page of pages) for (const id of Object.keys(page.modules)) taken.add(id);
  // each module's set of first pages, computed before any is taken
  const needs = new Map<string, string[]>();
  const lengthOf = new Map<string, number>();
  for (const { name, pages } of pagesOf) {
    const modules = closure(pages.flatMap((page) => page.imports))
      .filter((chunk) => !VENDOR_CHUNK.test(chunk.name))
      .flatMap((chunk) => Object.entries(chunk.modules))
      .filter(([id, module]) => module.renderedLength > 0 && !taken.has(id));
    for (const [id, module] of modules) lengthOf.set(id, module.renderedLength);
    for (const id of new Set(modules.map(([id]) => id))) needs.set(id, [...(needs.get(id) ?? []), name]);
  }
  const sets = new Map<string, { pages: string[]; ids: string[] }>();
  for (const [id, pages] of needs) {
    const key = `first-${pages.join('-')}`;
    sets.set(key, { pages, ids: [...(sets.get(key)?.ids ?? []), id] });
  }
  // the widest sets first: a chunk every first page loads, then pairs, then each page's own
  const ordered = [...sets.entries()].sort(([, a], [, b]) => b.pages.length - a.pages.length);
  const placed = new Map<string, string>();
  // modules with code in some chunk (an import of one that renders to nothing costs nothing)
  const rendered = new Set(
    chunks.flatMap((chunk) =>
      Object.entries(chunk.modules)
        .filter(([, module]) => module.renderedLength > 0)
        .map(([id]) => id),
    ),
  );
  for (const group of pageGroups) for (const id of lists[group.name] ?? []) everywhere.add(id);
  for (const [key, { pages, ids }] of ordered) {
    // A set of a few hundred bytes joins the narrowest wider set that holds all its pages: a file of its own cost those
    // pages a request and its headers on a phone, more than the few bytes it adds to the other pages' load. Only when
    // nothing it imports would come with it to those other pages (a module only some of them need, or zod).
    const bytes = ids.reduce((total, id) => total + (lengthOf.get(id) ?? 0), 0);
    const wider = ordered
      .filter(([, set]) => set.pages.length > pages.length && pages.every((page) => set.pages.includes(page)))
      .at(-1);
    const target = wider ? (placed.get(wider[0]) ?? wider[0]) : undefined;
    const targetPages = target === undefined ? [] : (sets.get(target)?.pages ?? []);
    const own = new Set(ids);
    const comesAnyway = (id: string) =>
      own.has(id) ||
      !rendered.has(id) ||
      everywhere.has(id) ||
      targetPages.every((page) => needs.get(id)?.includes(page));
    const joins = bytes < MIN_SET_BYTES && target !== undefined && ids.every((id) => importsOf(id).every(comesAnyway));
    const into = joins ? target : key;
    placed.set(key, into);
    lists[into] = [...(lists[into] ?? []), ...ids].sort();
  }
  return lists;
}
