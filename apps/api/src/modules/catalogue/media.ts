import fs from 'node:fs';
import path from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Sharp } from 'sharp';
import { CATALOGUE_MESSAGES, type ImageWidth } from '@portal/contract';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { findUp } from '../../lib/find-up.ts';
import type { FileStorage } from '../../lib/storage.ts';
import { findImageSource } from './catalogue.repo.ts';
import type { CatalogueStore } from './catalogue.cache.ts';
import { matchesEtag } from './catalogue.cache.ts';
import type { VideoFile } from './catalogue.views.ts';

// Image URLs carry no version, so browsers keep a copy for a week and then revalidate with the ETag.
const IMAGE_CACHE_CONTROL = 'public, max-age=604800, stale-while-revalidate=86400';
type ImageFormat = 'webp' | 'jpeg';

function preferredFormat(accept: string | undefined): ImageFormat {
  return accept?.includes('image/webp') ? 'webp' : 'jpeg';
}

// Two kinds of source: vector artwork kept in the row (the demo's), rasterised at the width asked; and photos an
// operator uploaded (JPEG or PNG, kept in file storage), scaled down to the width asked (never up).
export function createImageService(db: Db, store: CatalogueStore, dataDir: string, storage: FileStorage) {
  const cacheDir = path.join(dataDir, 'image-cache');
  const rendering = new Map<string, Promise<Buffer>>();

  async function render(
    key: string,
    width: ImageWidth,
    format: ImageFormat,
    sourceWidth: number,
    file: string,
  ): Promise<Buffer> {
    const source = await findImageSource(db, key);
    if (!source) throw AppError.notFound(CATALOGUE_MESSAGES.unknownImage);
    // sharp (a native library) loads with the first image rendered, not at every start
    const { default: sharp } = await import('sharp');
    let pipeline: Sharp;
    if (source.storageKey !== null) {
      const photo = await storage.get(source.storageKey);
      if (!photo) throw AppError.notFound(CATALOGUE_MESSAGES.unknownImage);
      // upright by its EXIF orientation, metadata dropped
      pipeline = sharp(photo).rotate().resize({ width, withoutEnlargement: true });
    } else {
      // rasterise the vector artwork at the target size rather than scaling a small bitmap up
      const density = Math.min(Math.max((72 * width) / sourceWidth, 1), 2000);
      pipeline = sharp(Buffer.from(source.svg ?? ''), { density }).resize({ width });
    }
    const data =
      format === 'webp'
        ? await pipeline.webp({ quality: 80 }).toBuffer()
        : await pipeline.jpeg({ quality: 82, mozjpeg: true }).toBuffer();
    await fs.promises.mkdir(cacheDir, { recursive: true });
    const tmp = `${file}.${process.pid}.${Date.now()}.tmp`;
    await fs.promises.writeFile(tmp, data);
    await fs.promises.rename(tmp, file);
    return data;
  }

  return async function sendImage(request: FastifyRequest, reply: FastifyReply, key: string, width: ImageWidth) {
    const snapshot = await store.snapshot();
    const meta = snapshot.images.get(key);
    if (!meta) throw AppError.notFound(CATALOGUE_MESSAGES.unknownImage);
    const format = preferredFormat(request.headers.accept);
    const stamp = meta.updatedAt.getTime().toString(36);
    const etag = `"${key}-${width}-${format}-${stamp}"`;
    reply.header('ETag', etag).header('Cache-Control', IMAGE_CACHE_CONTROL).header('Vary', 'Accept');
    if (matchesEtag(request.headers['if-none-match'], etag)) return reply.code(304).send();
    const file = path.join(cacheDir, `${key}-${width}-${stamp}.${format}`);
    let data: Buffer;
    try {
      data = await fs.promises.readFile(file);
    } catch {
      let job = rendering.get(file);
      if (!job) {
        job = render(key, width, format, meta.width, file).finally(() => rendering.delete(file));
        rendering.set(file, job);
      }
      data = await job;
    }
    return reply.type(format === 'webp' ? 'image/webp' : 'image/jpeg').send(data);
  };
}

// Tour videos are files shipped with the server (apps/api/assets/videos), never hot-linked.
function findVideoDir(): string | null {
  return findUp(import.meta.url, 'assets/videos');
}

const VIDEO_TYPES: Record<string, string> = { '.webm': 'video/webm', '.mp4': 'video/mp4' };

export function createVideoLibrary() {
  const dir = findVideoDir();
  const files = new Map<string, { file: string; contentType: string; size: number }>();
  if (dir) {
    for (const name of fs.readdirSync(dir)) {
      const ext = path.extname(name);
      const contentType = VIDEO_TYPES[ext];
      if (!contentType) continue;
      const file = path.join(dir, name);
      files.set(path.basename(name, ext), { file, contentType, size: fs.statSync(file).size });
    }
  }

  const describe = (key: string): VideoFile | null => {
    const video = files.get(key);
    return video ? { url: `/api/videos/${key}`, contentType: video.contentType } : null;
  };

  // Byte ranges, so browsers can seek and start playing before the whole file arrives
  const send = (request: FastifyRequest, reply: FastifyReply, key: string) => {
    const video = files.get(key);
    if (!video) throw AppError.notFound(CATALOGUE_MESSAGES.unknownVideo);
    reply.header('Accept-Ranges', 'bytes').header('Cache-Control', 'public, max-age=604800').type(video.contentType);
    const range = /^bytes=(\d*)-(\d*)$/.exec(request.headers.range ?? '');
    if (!range) return reply.header('Content-Length', video.size).send(fs.createReadStream(video.file));
    const start = range[1] ? Number(range[1]) : Math.max(video.size - Number(range[2] || 0), 0);
    const end = range[1] && range[2] ? Math.min(Number(range[2]), video.size - 1) : video.size - 1;
    if (start > end || start >= video.size)
      return reply.code(416).header('Content-Range', `bytes */${video.size}`).send();
    return reply
      .code(206)
      .header('Content-Range', `bytes ${start}-${end}/${video.size}`)
      .header('Content-Length', end - start + 1)
      .send(fs.createReadStream(video.file, { start, end }));
  };

  // the videos a tour may show, by key (the back office's choice)
  const keys = () => [...files.keys()].sort();

  return { describe, send, keys };
}
