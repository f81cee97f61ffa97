// After `vite build`: a brotli (.br) and a gzip (.gz) copy next to every text file of the build, made once at the
// highest settings, so the server sends compressed bytes without compressing per request (@fastify/static's
// preCompressed). A copy that would not be smaller is not written.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest)$/;
const MIN_BYTES = 512;

export function precompressDir(dir) {
  let files = 0;
  let raw = 0;
  let brotli = 0;
  const pending = [dir];
  while (pending.length > 0) {
    const current = pending.pop();
    for (const entry of fs.readdirSync(current, { withFileTypes: true })) {
      const full = path.join(current, entry.name);
      if (entry.isDirectory()) {
        pending.push(full);
        continue;
      }
      if (!COMPRESSIBLE.test(entry.name)) continue;
      const data = fs.readFileSync(full);
      if (data.length < MIN_BYTES) continue;
      const br = zlib.brotliCompressSync(data, {
        params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length },
      });
      const gz = zlib.gzipSync(data, { level: 9 });
      if (br.length < data.length) fs.writeFileSync(`${full}.br`, br);
      if (gz.length < data.length) fs.writeFileSync(`${full}.gz`, gz);
      files += 1;
      raw += data.length;
      brotli += Math.min(br.length, data.length);
    }
  }
  return { files, raw, brotli };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const dir = path.resolve(process.argv[2] ?? 'dist');
  const { files, raw, brotli } = precompressDir(dir);
  console.log(`precompressed ${files} files: ${(raw / 1024).toFixed(1)} KB → ${(brotli / 1024).toFixed(1)} KB brotli`);
}
