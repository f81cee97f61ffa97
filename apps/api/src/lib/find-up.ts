import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// Files shipped beside the code (migrations, the built web app, videos) are found by walking up from the module
// that asks: the same search works from src/ (tests, tsx), from dist/server.mjs and from a chunk in dist/chunks/.
export function findUp(moduleUrl: string, relative: string, marker = ''): string | null {
  let dir = path.dirname(fileURLToPath(moduleUrl));
  for (let i = 0; i < 6; i++) {
    const candidate = path.join(dir, relative);
    if (fs.existsSync(path.join(candidate, marker))) return candidate;
    const parent = path.dirname(dir);
    if (parent === dir) break;
    dir = parent;
  }
  return null;
}
