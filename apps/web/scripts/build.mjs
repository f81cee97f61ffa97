// The production build, whatever NODE_ENV says (npm run build): a measuring build records which modules the first
// pages need (scripts/first-page-chunks.ts), the real build groups them, then the files are compressed.
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import { precompressDir } from './precompress.mjs';

process.env.NODE_ENV = 'production';
const root = fileURLToPath(new URL('..', import.meta.url));
process.env.FIRST_PAGE_CHUNKS = 'measure';
await build({ root, logLevel: 'warn' });
delete process.env.FIRST_PAGE_CHUNKS;
await build({ root });
const { files, raw, brotli } = precompressDir(fileURLToPath(new URL('../dist', import.meta.url)));
console.log(`precompressed ${files} files: ${Math.round(raw / 1024)} KB → ${Math.round(brotli / 1024)} KB brotli`);
