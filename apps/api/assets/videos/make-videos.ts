// Regenerates the demo tour videos (run: npx tsx apps/api/assets/videos/make-videos.ts; needs ffmpeg).
// Each is a slow pan across generated artwork, so nothing is hot-linked and the files stay small.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { artworkSvg } from '../../src/modules/demo/catalogue-seed-art.ts';
import type { Motif } from '../../src/modules/demo/catalogue-seed-places.ts';

const VIDEOS: { key: string; motif: Motif; variant: number }[] = [
  { key: 'downtown-evening', motif: 'skyline', variant: 2 },
  { key: 'desert-dunes', motif: 'dunes', variant: 1 },
  { key: 'marina-evening', motif: 'sea', variant: 2 },
  { key: 'louvre-dome', motif: 'museum', variant: 0 },
  { key: 'mountain-flight', motif: 'mountains', variant: 0 },
];

const outDir = path.dirname(fileURLToPath(import.meta.url));
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'videos-'));
for (const video of VIDEOS) {
  const png = path.join(tmp, `${video.key}.png`);
  const svg = artworkSvg({
    motif: video.motif,
    seed: `video-${video.key}`,
    title: '',
    subtitle: '',
    width: 1920,
    height: 720,
    variant: video.variant,
  });
  await sharp(Buffer.from(svg)).resize({ width: 1920 }).png().toFile(png);
  execFileSync('ffmpeg', [
    '-y',
    '-loglevel',
    'error',
    '-loop',
    '1',
    '-framerate',
    '24',
    '-t',
    '8',
    '-i',
    png,
    '-vf',
    "crop=1280:720:x='t/8*(iw-1280)':y=0,fade=in:0:12,fade=out:180:12,format=yuv420p",
    '-c:v',
    'libvpx-vp9',
    '-b:v',
    '0',
    '-crf',
    '42',
    '-row-mt',
    '1',
    '-an',
    path.join(outDir, `${video.key}.webm`),
  ]);
  console.log(video.key, fs.statSync(path.join(outDir, `${video.key}.webm`)).size);
}
fs.rmSync(tmp, { recursive: true, force: true });
