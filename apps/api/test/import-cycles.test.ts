import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// No module imports itself round a cycle (type-only imports aside: they vanish at build time). A cycle makes the
// order modules run in depend on who is imported first, and it is how two modules end up knowing each other's insides.
const root = path.resolve(import.meta.dirname, '../../..');
const PACKAGES = [
  { dir: 'apps/api/src', alias: null },
  { dir: 'apps/web/src', alias: 'apps/web/src' },
  { dir: 'packages/contract/src', alias: null },
];
const IMPORT = /^\s*(?:import|export)\s+(?!type\b)(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]/gm;

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx)$/.test(entry.name) && !/\.(test|d)\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

function resolve(from: string, specifier: string, alias: string | null): string | null {
  let target: string;
  if (specifier.startsWith('.')) target = path.resolve(path.dirname(from), specifier);
  else if (alias && specifier.startsWith('@/')) target = path.join(root, alias, specifier.slice(2));
  else return null;
  for (const candidate of [target, `${target}.ts`, `${target}.tsx`, path.join(target, 'index.ts')]) {
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  }
  return null;
}

function graphOf(dir: string, alias: string | null): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of sourceFiles(path.join(root, dir))) {
    const text = fs.readFileSync(file, 'utf8');
    const edges = [...text.matchAll(IMPORT)]
      .map((m) => resolve(file, m[1] ?? '', alias))
      .filter((f): f is string => f !== null);
    graph.set(file, edges);
  }
  return graph;
}

function cyclesOf(graph: Map<string, string[]>): string[][] {
  const cycles: string[][] = [];
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (node: string) => {
    state.set(node, 'open');
    stack.push(node);
    for (const next of graph.get(node) ?? []) {
      if (state.get(next) === 'open')
        cycles.push([...stack.slice(stack.indexOf(next)), next].map((f) => path.relative(root, f)));
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(node, 'done');
  };
  for (const node of graph.keys()) if (!state.has(node)) visit(node);
  return cycles;
}

describe('import cycles', () => {
  it.each(PACKAGES.map((p) => [p.dir, p.alias] as const))('none in %s', (dir, alias) => {
    const graph = graphOf(dir, alias);
    expect(graph.size).toBeGreaterThan(10);
    // the parser sees the imports (most files have some)
    expect([...graph.values()].reduce((n, edges) => n + edges.length, 0)).toBeGreaterThan(graph.size);
    expect(cyclesOf(graph)).toEqual([]);
  });

  it('finds one when there is one', () => {
    const graph = new Map([
      ['/a.ts', ['/b.ts']],
      ['/b.ts', ['/c.ts']],
      ['/c.ts', ['/a.ts']],
    ]);
    expect(cyclesOf(graph)).toHaveLength(1);
  });
});
