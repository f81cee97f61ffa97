import { build } from 'esbuild';

// Our code, the workspace contract and the pure-JavaScript dependencies are bundled: resolving and reading a few
// hundred small CommonJS files (Fastify and its plugins) was a tenth of every start. Kept as runtime imports:
// packages that read files next to their own code (PGlite's WebAssembly, fonts, Swagger UI's assets, pino's
// worker), native sharp, and the ones loaded only when configured or first used (pg, ioredis, nodemailer, Stripe,
// the PDF and xlsx libraries).
const external = [
  '@aws-sdk/client-s3',
  '@electric-sql/pglite',
  '@fastify/swagger',
  '@fastify/swagger-ui',
  'dejavu-fonts-ttf',
  'exceljs',
  'ioredis',
  'nodemailer',
  'pdfkit',
  'pg',
  'pino',
  'pino-pretty',
  'qrcode',
  'sharp',
  'stripe',
  'thread-stream',
];

// dist/ is not emptied first: a server already running from it may still load its lazy chunks (documents, drivers)
await build({
  // the second entry is the replay's upload check, run as a worker thread (modules/replay/upload-checker.ts)
  entryPoints: ['src/server.ts', 'src/modules/replay/upload-check.worker.ts'],
  outdir: 'dist',
  entryNames: '[name]',
  chunkNames: 'chunks/[name]-[hash]',
  outExtension: { '.js': '.mjs' },
  // modules imported with import() (database drivers, documents, Stripe) become chunks, loaded on first use
  splitting: true,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external,
  // bundled CommonJS code calls require() for Node's built-ins, which an ES module does not have
  banner: {
    js: "import { createRequire as __portalCreateRequire } from 'node:module'; const require = __portalCreateRequire(import.meta.url);",
  },
  logLevel: 'warning',
});
