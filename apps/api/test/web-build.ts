import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll } from 'vitest';

export const WEB_SHELL_HTML = '<!doctype html><html><head></head><body><div id="root"></div></body></html>';

// A build of the web app in miniature for one test file, so a page is served whether or not `npm run build` ran
// first (CI runs the API tests before the build): the files named (path below the build → content) in a folder of
// their own, removed after the file's tests. Call it before useTestApp, so the app closes before the folder goes.
export function useWebBuild(files: Record<string, string> = { 'index.html': WEB_SHELL_HTML }): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-web-'));
  for (const [name, content] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    fs.writeFileSync(path.join(dir, name), content);
  }
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}
