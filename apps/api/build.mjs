import { build } from 'esbuild';
import { readFileSync } from 'node:fs';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
// Bundle our own code (and the workspace contract); keep npm dependencies as runtime imports.
const external = [...Object.keys(pkg.dependencies), ...Object.keys(pkg.devDependencies ?? {})].filter((name) => !name.startsWith('@portal/'));

await build({
  entryPoints: ['src/server.ts'],
  outfile: 'dist/server.mjs',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external,
  logLevel: 'warning',
});
