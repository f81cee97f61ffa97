import { env } from '@/config/env';
import { apiDownload } from './api-client';
import type { RequestOptions } from './api-client';

// Saves a blob under a file name through a temporary object URL (the file needs the bearer token, so no plain link)
export function saveBlob(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

// API paths may come with or without the API prefix (e.g. /api/b2b/... or /b2b/...)
function apiRelative(path: string): string {
  return path.startsWith(`${env.apiBase}/`) ? path.slice(env.apiBase.length) : path;
}

// Our own file name wins over the server's Content-Disposition, so saved files are named the same way everywhere
export async function downloadFromApi(path: string, fileName: string, options: RequestOptions = {}): Promise<Blob> {
  const { blob } = await apiDownload(apiRelative(path), options);
  saveBlob(blob, fileName);
  return blob;
}

// A file whose name only the server knows (a tax invoice numbered as it is issued, an uploaded proof): saved under the
// server's Content-Disposition name, `fallback` when it sends none
export async function downloadNamedByServer(path: string, fallback: string): Promise<Blob> {
  const { blob, fileName } = await apiDownload(apiRelative(path));
  saveBlob(blob, fileName ?? fallback);
  return blob;
}
