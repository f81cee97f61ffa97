import fs from 'node:fs';
import path from 'node:path';
import type { OutputBundle, OutputChunk } from 'rolldown';
import type { Plugin } from 'vite';

// The code the entry needs goes into one "shell" chunk, and what the home page adds to it into one "home" chunk
// (vendor groups of a higher priority keep theirs). Left to itself the bundler splits the modules the entry and the
// home page share with other pages into one chunk per sharing pattern: some fifty files of a few hundred bytes each,
// and on a phone every file costs a round trip. Other pages import from these chunks what they share with them, so
// nothing is downloaded twice; a page that uses one input of the home page loads the home chunk (a few KB) with it.
//
// Which modules those are is known only after tree-shaking (the entry imports one component of a library whose
// index re-exports hundreds), so a build records them in `listFile` and the next build groups them;
// scripts/build.mjs builds again while the list changes.
type Lists = { shell: string[]; home: string[] };

export function firstPageChunks(listFile: string, homeModules: readonly string[]) {
  const lists = readLists(listFile);
  const shell = new Set(lists.shell);
  const home = new Set(lists.home);
  let root = '';
  const plugin: Plugin = {
    name: 'portal-first-page-chunks',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    generateBundle(_options, bundle) {
      const next = firstPageModules(bundle as unknown as OutputBundle, root, homeModules);
      fs.mkdirSync(path.dirname(listFile), { recursive: true });
      fs.writeFileSync(listFile, JSON.stringify(next, null, 1));
    },
  };
  const groups = [
    { name: 'shell', test: (id: string) => shell.has(id), priority: 5 },
    { name: 'home', test: (id: string) => home.has(id), priority: 4 },
  ];
  return { plugin, groups };
}

function readLists(file: string): Lists {
  try {
    const value = JSON.parse(fs.readFileSync(file, 'utf8'));
    const strings = (list: unknown) =>
      Array.isArray(list) ? list.filter((id): id is string => typeof id === 'string') : [];
    return { shell: strings(value.shell), home: strings(value.home) };
  } catch {
    return { shell: [], home: [] };
  }
}

const VENDOR_CHUNK = /^(react|router|query|zod|rolldown-runtime)$/;

// Modules with code in the chunks the entry chunk imports statically (less the entry's own module and the vendor
// groups' chunks, which keep their long-lived files), and likewise for the home page's modules, less those.
function firstPageModules(bundle: OutputBundle, root: string, homeModules: readonly string[]): Lists {
  const chunks = Object.values(bundle).filter((item): item is OutputChunk => item.type === 'chunk');
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const modulesOf = (starts: string[], exclude: Set<string>): string[] => {
    const seen = new Set<string>();
    const pending = [...starts];
    const ids: string[] = [];
    for (let file = pending.pop(); file !== undefined; file = pending.pop()) {
      if (seen.has(file)) continue;
      seen.add(file);
      const chunk = byFile.get(file);
      if (!chunk) continue;
      pending.push(...chunk.imports);
      if (VENDOR_CHUNK.test(chunk.name)) continue;
      for (const [id, module] of Object.entries(chunk.modules))
        if (module.renderedLength > 0 && !exclude.has(id)) ids.push(id);
    }
    return ids.sort();
  };
  const entry = chunks.find((chunk) => chunk.isEntry);
  if (!entry) return { shell: [], home: [] };
  const shell = modulesOf(entry.imports, new Set());
  const pages = homeModules.map((source) => {
    const chunk = chunks.find((c) => c.isDynamicEntry && c.facadeModuleId === path.join(root, source));
    if (!chunk) throw new Error(`first page chunks: ${source} is not a lazily loaded module of the build`);
    return chunk;
  });
  // the pages' own modules stay in their chunks (they are what the router imports)
  const exclude = new Set([...shell, ...pages.flatMap((page) => Object.keys(page.modules))]);
  const home = modulesOf(
    pages.flatMap((page) => page.imports),
    exclude,
  );
  return { shell, home };
}
