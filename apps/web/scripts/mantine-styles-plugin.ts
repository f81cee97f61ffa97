import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Plugin } from 'vite';

// Mantine's styles per component, where the component's code goes (issue 32): each component's classes come from its
// `<Name>.module.mjs` (one per stylesheet in @mantine/core/styles), so that module imports the stylesheet's layered
// copy and the bundler puts the CSS in the chunk that has the component. A page then loads the styles of the
// components it draws instead of all of @mantine/core/styles.css (245 KB, some 15 % of it used by the first page).
// The copies are in `@layer mantine`: the order in which pages add them does not matter against the app's own CSS
// (unlayered, so it wins), and a component's dependencies come first in its chunk (their modules run first).
// src/main.tsx imports what every page needs before any component: baseline, CSS variables and global rules.
const COMPONENT_CLASSES =
  /[\\/]node_modules[\\/]@mantine[\\/]core[\\/]esm[\\/]components[\\/](?:[\w-]+[\\/])+(\w+)\.module\.mjs$/;

export function mantineStylesPerComponent(): Plugin {
  return {
    name: 'portal-mantine-styles-per-component',
    enforce: 'pre',
    transform(code, id) {
      const name = COMPONENT_CLASSES.exec(id)?.[1];
      if (!name) return null;
      return { code: `import '@mantine/core/styles/${name}.layer.css';\n${code}`, map: null };
    },
  };
}

// Mantine's ScrollArea (in Table, Modal, Drawer: on the tour page and the checkout) imports one 30-line hook,
// useMergeRefs, from @floating-ui/react, a single module: the bundler puts all of that module that any page uses
// (Popover, Tooltip, Combobox: some 100 KB with @floating-ui/dom and core) in the chunk of the first pages that need
// the module. ScrollArea gets the hook's own code instead, copied from the installed @floating-ui/react at build
// time (the build fails if it is not found there); the pages with a popover still load the whole library.
const SCROLL_AREA =
  /[\\/]node_modules[\\/]@mantine[\\/]core[\\/]esm[\\/]components[\\/]ScrollArea[\\/]ScrollArea\.mjs$/;
const MERGE_REFS = '\0portal-floating-ui-merge-refs';

export function scrollAreaMergeRefs(): Plugin {
  return {
    name: 'portal-scroll-area-merge-refs',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source === '@floating-ui/react' && importer && SCROLL_AREA.test(importer)) return MERGE_REFS;
      return null;
    },
    load(id) {
      if (id !== MERGE_REFS) return null;
      const require = createRequire(import.meta.url);
      const file = require
        .resolve('@floating-ui/react')
        .replace(/floating-ui\.react\.umd\.js$|[^\\/]+$/, 'floating-ui.react.mjs');
      const text = fs.readFileSync(file, 'utf8');
      const start = text.indexOf('function useMergeRefs(refs) {');
      const end = start < 0 ? -1 : text.indexOf('\n}\n', start);
      if (start < 0 || end < 0) throw new Error(`${file}: useMergeRefs not found; remove scrollAreaMergeRefs()`);
      return `import * as React from 'react';\nexport ${text.slice(start, end + 2)}`;
    },
  };
}
