// The production build, whatever NODE_ENV says (npm run build): Vite builds again while the first page chunks' module
// list (scripts/first-page-chunks.ts) changes — twice on a fresh clone, once after — then the files are compressed.
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import { precompressDir } from './precompress.mjs';

process.env.NODE_ENV = 'production';
const root = fileURLToPath(new URL('..', import.meta.url));
const listFile = fileURLToPath(new URL('../node_modules/.cache/first-page-modules.json', import.meta.url));
const read = () => (fs.existsSync(listFile) ? fs.readFileSync(listFile, 'utf8') : '');

for (let pass = 1; ; pass++) {
  const before = read();
  await build({ root, logLevel: pass === 1 ? 'warn' : 'info' });
  if (read() === before) break;
  if (pass === 3) throw new Error('the first page chunks did not settle in three builds');
}
const { files, raw, brotli } = precompressDir(fileURLToPath(new URL('../dist', import.meta.url)));
console.log(`precompressed ${files} files: ${Math.round(raw / 1024)} KB → ${Math.round(brotli / 1024)} KB brotli`);
