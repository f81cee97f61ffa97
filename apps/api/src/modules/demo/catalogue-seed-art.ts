import type { Motif } from './catalogue-seed-places.ts';

// Generated artwork for the demo catalogue (nothing hot-linked): a scene per motif from a palette, shapes and the
// title, deterministic for a seed. The image endpoint rasterises it to the requested width.
// title '' → no caption band (the pages print localized titles over the pictures themselves)
export type Artwork = {
  motif: Motif;
  seed: string;
  title: string;
  subtitle: string;
  width: number;
  height: number;
  variant: number;
};

type Palette = {
  skyTop: string;
  skyBottom: string;
  sun: string;
  ground: string;
  ground2: string;
  accent: string;
  night: boolean;
};

const PALETTES: Record<Motif, Palette[]> = {
  skyline: [
    {
      skyTop: '#1d3b8f',
      skyBottom: '#8fb8ff',
      sun: '#fff3c4',
      ground: '#1b2440',
      ground2: '#2b3760',
      accent: '#ffd166',
      night: false,
    },
    {
      skyTop: '#2b1055',
      skyBottom: '#f28f3b',
      sun: '#ffd166',
      ground: '#1a1230',
      ground2: '#2e2150',
      accent: '#ffb703',
      night: false,
    },
    {
      skyTop: '#050a24',
      skyBottom: '#23306b',
      sun: '#e9ecff',
      ground: '#0b1030',
      ground2: '#161d48',
      accent: '#ffe08a',
      night: true,
    },
  ],
  dunes: [
    {
      skyTop: '#f6a04d',
      skyBottom: '#ffe3b3',
      sun: '#fff1c1',
      ground: '#d9772b',
      ground2: '#b85a1c',
      accent: '#7a3410',
      night: false,
    },
    {
      skyTop: '#5b2a86',
      skyBottom: '#f9844a',
      sun: '#ffd166',
      ground: '#c8662a',
      ground2: '#8f3e16',
      accent: '#3d1606',
      night: false,
    },
    {
      skyTop: '#0b1437',
      skyBottom: '#3a3f7a',
      sun: '#f4f1de',
      ground: '#6b4a3a',
      ground2: '#4a3228',
      accent: '#f2cc8f',
      night: true,
    },
  ],
  sea: [
    {
      skyTop: '#3a86ff',
      skyBottom: '#bde0fe',
      sun: '#fffbe0',
      ground: '#0077b6',
      ground2: '#00b4d8',
      accent: '#f1faee',
      night: false,
    },
    {
      skyTop: '#ff7b54',
      skyBottom: '#ffd56b',
      sun: '#fff4d6',
      ground: '#1f6f8b',
      ground2: '#3fa7c8',
      accent: '#2b2d42',
      night: false,
    },
    {
      skyTop: '#03071e',
      skyBottom: '#1d3557',
      sun: '#f1faee',
      ground: '#0d1b2a',
      ground2: '#1b4965',
      accent: '#ffd166',
      night: true,
    },
  ],
  coaster: [
    {
      skyTop: '#4361ee',
      skyBottom: '#a9def9',
      sun: '#fff3b0',
      ground: '#2a9d8f',
      ground2: '#264653',
      accent: '#e63946',
      night: false,
    },
    {
      skyTop: '#7209b7',
      skyBottom: '#f72585',
      sun: '#ffd166',
      ground: '#3a0ca3',
      ground2: '#240046',
      accent: '#ffbe0b',
      night: false,
    },
  ],
  slides: [
    {
      skyTop: '#00b4d8',
      skyBottom: '#caf0f8',
      sun: '#fffbe0',
      ground: '#48cae4',
      ground2: '#0096c7',
      accent: '#ff006e',
      night: false,
    },
    {
      skyTop: '#06d6a0',
      skyBottom: '#d8f3dc',
      sun: '#fff3b0',
      ground: '#118ab2',
      ground2: '#073b4c',
      accent: '#ffd166',
      night: false,
    },
  ],
  museum: [
    {
      skyTop: '#7ea8be',
      skyBottom: '#e9f1f7',
      sun: '#fffdf0',
      ground: '#5e7f8f',
      ground2: '#9ab3c1',
      accent: '#f4f1de',
      night: false,
    },
    {
      skyTop: '#22223b',
      skyBottom: '#9a8c98',
      sun: '#f2e9e4',
      ground: '#4a4e69',
      ground2: '#22223b',
      accent: '#f2e9e4',
      night: false,
    },
  ],
  mountains: [
    {
      skyTop: '#457b9d',
      skyBottom: '#e0fbfc',
      sun: '#fffbe0',
      ground: '#6d4c41',
      ground2: '#a1887f',
      accent: '#ff7f11',
      night: false,
    },
    {
      skyTop: '#ff9e00',
      skyBottom: '#ffe8a3',
      sun: '#fff1c1',
      ground: '#7f5539',
      ground2: '#b08968',
      accent: '#3d2b1f',
      night: false,
    },
  ],
  wildlife: [
    {
      skyTop: '#023e8a',
      skyBottom: '#48cae4',
      sun: '#caf0f8',
      ground: '#03045e',
      ground2: '#0077b6',
      accent: '#ffb703',
      night: false,
    },
    {
      skyTop: '#2d6a4f',
      skyBottom: '#b7e4c7',
      sun: '#fefae0',
      ground: '#1b4332',
      ground2: '#40916c',
      accent: '#f4a261',
      night: false,
    },
  ],
  show: [
    {
      skyTop: '#10002b',
      skyBottom: '#3c096c',
      sun: '#e0aaff',
      ground: '#240046',
      ground2: '#5a189a',
      accent: '#ffd60a',
      night: true,
    },
    {
      skyTop: '#001219',
      skyBottom: '#005f73',
      sun: '#94d2bd',
      ground: '#0a9396',
      ground2: '#001219',
      accent: '#ee9b00',
      night: true,
    },
  ],
  oasis: [
    {
      skyTop: '#48bfe3',
      skyBottom: '#fdf0d5',
      sun: '#fff3b0',
      ground: '#e9c46a',
      ground2: '#d4a373',
      accent: '#2a9d8f',
      night: false,
    },
    {
      skyTop: '#e76f51',
      skyBottom: '#f4a261',
      sun: '#fefae0',
      ground: '#bc6c25',
      ground2: '#dda15e',
      accent: '#283618',
      night: false,
    },
  ],
};

function hashSeed(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 16777619);
  }
  return h >>> 0;
}

function random(seed: string): () => number {
  let a = hashSeed(seed);
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const r1 = (n: number) => Math.round(n * 10) / 10;

type Scene = { W: number; H: number; p: Palette; rnd: () => number; variant: number };

function skyline({ W, H, p, rnd }: Scene): string {
  const base = H * 0.78;
  let out = '';
  for (let layer = 0; layer < 2; layer++) {
    let x = -20;
    const color = layer === 0 ? p.ground2 : p.ground;
    while (x < W) {
      const w = W * (0.03 + rnd() * 0.05);
      const h = H * (layer === 0 ? 0.12 + rnd() * 0.25 : 0.08 + rnd() * 0.2);
      out += `<rect x="${r1(x)}" y="${r1(base - h)}" width="${r1(w)}" height="${r1(h + H)}" fill="${color}"/>`;
      if (p.night && layer === 1) {
        for (let wy = base - h + 12; wy < base - 8; wy += 18) {
          if (rnd() > 0.45)
            out += `<rect x="${r1(x + w * 0.25)}" y="${r1(wy)}" width="${r1(w * 0.18)}" height="6" fill="${p.accent}" opacity="0.8"/>`;
        }
      }
      x += w + W * 0.004;
    }
  }
  const tx = W * (0.25 + rnd() * 0.5);
  const top = H * 0.08;
  out += `<polygon points="${r1(tx - W * 0.035)},${base} ${r1(tx - W * 0.012)},${r1(H * 0.4)} ${r1(tx - 3)},${r1(top + 40)} ${r1(tx)},${r1(top)} ${r1(tx + 3)},${r1(top + 40)} ${r1(tx + W * 0.012)},${r1(H * 0.4)} ${r1(tx + W * 0.035)},${base}" fill="${p.ground}"/>`;
  out += `<rect x="0" y="${base}" width="${W}" height="${r1(H - base)}" fill="${p.ground}"/>`;
  return out;
}

function dunes({ W, H, p, rnd }: Scene): string {
  let out = '';
  const layers = [p.ground, p.ground2, p.accent];
  layers.forEach((color, i) => {
    const y = H * (0.55 + i * 0.12);
    const a = H * (0.05 + rnd() * 0.06);
    out += `<path d="M0 ${r1(y)} Q ${r1(W * (0.2 + rnd() * 0.2))} ${r1(y - a * 2)} ${r1(W * 0.5)} ${r1(y)} T ${W} ${r1(y - a)} L ${W} ${H} L 0 ${H} Z" fill="${color}" opacity="${i === 2 ? 0.9 : 1}"/>`;
  });
  const cx = W * (0.15 + rnd() * 0.5);
  const cy = H * 0.62;
  for (let c = 0; c < 3; c++) {
    const x = cx + c * W * 0.06;
    out += `<path d="M${r1(x)} ${r1(cy)} q 10 -30 25 -20 q 10 -25 25 0 l 12 -18 l 8 4 l -10 30 l 0 30 l -6 0 l 0 -24 l -34 0 l 0 24 l -6 0 Z" fill="${p.accent}" opacity="0.85"/>`;
  }
  return out;
}

function sea({ W, H, p, rnd }: Scene): string {
  const horizon = H * 0.6;
  let out = `<rect x="0" y="${r1(horizon)}" width="${W}" height="${r1(H - horizon)}" fill="${p.ground}"/>`;
  for (let i = 0; i < 7; i++) {
    const y = horizon + ((i + 1) * (H - horizon)) / 8;
    out += `<path d="M0 ${r1(y)} Q ${r1(W * 0.25)} ${r1(y - 12)} ${r1(W * 0.5)} ${r1(y)} T ${W} ${r1(y)}" stroke="${p.ground2}" stroke-width="${3 + i}" fill="none" opacity="0.7"/>`;
  }
  const bx = W * (0.2 + rnd() * 0.45);
  const by = horizon + (H - horizon) * 0.35;
  out += `<path d="M${r1(bx)} ${r1(by)} L ${r1(bx + W * 0.22)} ${r1(by)} L ${r1(bx + W * 0.19)} ${r1(by + H * 0.06)} L ${r1(bx + W * 0.03)} ${r1(by + H * 0.06)} Z" fill="${p.accent}"/>`;
  out += `<path d="M${r1(bx + W * 0.1)} ${r1(by - 4)} L ${r1(bx + W * 0.1)} ${r1(by - H * 0.28)} L ${r1(bx + W * 0.2)} ${r1(by - 8)} Z" fill="${p.sun}" opacity="0.95"/>`;
  return out;
}

function coaster({ W, H, p, rnd }: Scene): string {
  const ground = H * 0.78;
  let out = `<rect x="0" y="${r1(ground)}" width="${W}" height="${r1(H - ground)}" fill="${p.ground}"/>`;
  const cx = W * (0.35 + rnd() * 0.3);
  const r = H * 0.22;
  for (let i = 0; i < 12; i++) {
    const x = W * (i / 12);
    out += `<line x1="${r1(x)}" y1="${r1(ground)}" x2="${r1(x + 30)}" y2="${r1(ground - H * (0.15 + rnd() * 0.3))}" stroke="${p.ground2}" stroke-width="6"/>`;
  }
  out += `<path d="M0 ${r1(ground - H * 0.2)} C ${r1(W * 0.2)} ${r1(ground - H * 0.6)} ${r1(cx - r)} ${r1(ground - 20)} ${r1(cx)} ${r1(ground - 20)} A ${r1(r)} ${r1(r)} 0 1 1 ${r1(cx + 1)} ${r1(ground - 20)} C ${r1(cx + r * 2)} ${r1(ground - 20)} ${r1(W * 0.85)} ${r1(ground - H * 0.55)} ${W} ${r1(ground - H * 0.3)}" stroke="${p.accent}" stroke-width="14" fill="none" stroke-linecap="round"/>`;
  return out;
}

function slides({ W, H, p, rnd }: Scene): string {
  const pool = H * 0.75;
  let out = `<rect x="0" y="${r1(pool)}" width="${W}" height="${r1(H - pool)}" fill="${p.ground}"/>`;
  const colors = [p.accent, p.sun, p.ground2, '#ffffff'];
  for (let i = 0; i < 4; i++) {
    const x0 = W * (0.1 + i * 0.2 + rnd() * 0.05);
    const top = H * (0.15 + rnd() * 0.2);
    out += `<path d="M${r1(x0)} ${r1(top)} C ${r1(x0 + W * 0.25)} ${r1(top + H * 0.1)} ${r1(x0 - W * 0.15)} ${r1(pool - H * 0.25)} ${r1(x0 + W * 0.12)} ${r1(pool)}" stroke="${colors[i % colors.length] ?? p.accent}" stroke-width="${22 - i * 2}" fill="none" stroke-linecap="round" opacity="0.92"/>`;
    out += `<rect x="${r1(x0 - 12)}" y="${r1(top)}" width="24" height="${r1(pool - top)}" fill="${p.ground2}" opacity="0.35"/>`;
  }
  return out;
}

function museum({ W, H, p, rnd }: Scene): string {
  const water = H * 0.72;
  const cx = W * (0.45 + rnd() * 0.1);
  const rx = W * 0.33;
  const ry = H * 0.2;
  let out = `<rect x="0" y="${r1(water)}" width="${W}" height="${r1(H - water)}" fill="${p.ground2}"/>`;
  out += `<rect x="${r1(cx - rx * 0.8)}" y="${r1(water - H * 0.12)}" width="${r1(rx * 1.6)}" height="${r1(H * 0.12)}" fill="${p.ground}"/>`;
  out += `<path d="M${r1(cx - rx)} ${r1(water - H * 0.1)} A ${r1(rx)} ${r1(ry)} 0 0 1 ${r1(cx + rx)} ${r1(water - H * 0.1)} Z" fill="${p.ground}"/>`;
  for (let i = 1; i < 9; i++) {
    const x = cx - rx + (2 * rx * i) / 9;
    out += `<line x1="${r1(x)}" y1="${r1(water - H * 0.1)}" x2="${r1(cx)}" y2="${r1(water - H * 0.1 - ry)}" stroke="${p.accent}" stroke-width="2" opacity="0.5"/>`;
  }
  out += `<path d="M${r1(cx - rx)} ${r1(water + 4)} A ${r1(rx)} ${r1(ry * 0.5)} 0 0 0 ${r1(cx + rx)} ${r1(water + 4)} Z" fill="${p.ground}" opacity="0.3"/>`;
  return out;
}

function mountains({ W, H, p, rnd }: Scene): string {
  let out = '';
  [p.ground2, p.ground].forEach((color, layer) => {
    let d = `M0 ${H}`;
    const n = 6;
    for (let i = 0; i <= n; i++) {
      const x = (W * i) / n;
      const y = H * (layer === 0 ? 0.35 + rnd() * 0.2 : 0.55 + rnd() * 0.15);
      d += ` L ${r1(x)} ${r1(y)}`;
    }
    out += `<path d="${d} L ${W} ${H} Z" fill="${color}"/>`;
  });
  const y0 = H * 0.3;
  out += `<line x1="${r1(W * 0.05)}" y1="${r1(y0)}" x2="${r1(W * 0.95)}" y2="${r1(y0 + H * 0.35)}" stroke="${p.accent}" stroke-width="3"/>`;
  const fx = W * (0.3 + rnd() * 0.4);
  const fy = y0 + (H * 0.35 * (fx - W * 0.05)) / (W * 0.9);
  out += `<circle cx="${r1(fx)}" cy="${r1(fy + 18)}" r="9" fill="${p.accent}"/><line x1="${r1(fx)}" y1="${r1(fy)}" x2="${r1(fx)}" y2="${r1(fy + 12)}" stroke="${p.accent}" stroke-width="3"/>`;
  return out;
}

function wildlife({ W, H, p, rnd }: Scene): string {
  let out = '';
  for (let i = 0; i < 9; i++) {
    const x = W * rnd();
    const y = H * (0.2 + rnd() * 0.55);
    const s = 0.6 + rnd() * 1.2;
    const color = i % 3 === 0 ? p.accent : p.sun;
    out += `<g transform="translate(${r1(x)} ${r1(y)}) scale(${r1(s)})"><ellipse cx="0" cy="0" rx="40" ry="16" fill="${color}" opacity="0.9"/><polygon points="36,0 62,-16 62,16" fill="${color}" opacity="0.9"/><circle cx="-24" cy="-4" r="3" fill="${p.ground}"/></g>`;
  }
  for (let i = 0; i < 24; i++) {
    out += `<circle cx="${r1(W * rnd())}" cy="${r1(H * rnd() * 0.8)}" r="${r1(3 + rnd() * 9)}" fill="none" stroke="${p.sun}" stroke-width="2" opacity="0.5"/>`;
  }
  out += `<path d="M0 ${r1(H * 0.85)} Q ${r1(W * 0.3)} ${r1(H * 0.75)} ${r1(W * 0.6)} ${r1(H * 0.86)} T ${W} ${r1(H * 0.82)} L ${W} ${H} L 0 ${H} Z" fill="${p.ground}"/>`;
  return out;
}

function show({ W, H, p, rnd }: Scene): string {
  let out = '';
  for (let i = 0; i < 5; i++) {
    const x = W * (0.1 + i * 0.2);
    const spread = W * (0.06 + rnd() * 0.05);
    out += `<polygon points="${r1(x)},0 ${r1(x - spread)},${r1(H * 0.8)} ${r1(x + spread)},${r1(H * 0.8)}" fill="${i % 2 ? p.accent : p.sun}" opacity="0.18"/>`;
  }
  out += `<ellipse cx="${W / 2}" cy="${r1(H * 0.82)}" rx="${r1(W * 0.45)}" ry="${r1(H * 0.1)}" fill="${p.ground2}"/>`;
  out += `<ellipse cx="${W / 2}" cy="${r1(H * 0.8)}" rx="${r1(W * 0.35)}" ry="${r1(H * 0.06)}" fill="${p.sun}" opacity="0.35"/>`;
  for (let i = 0; i < 5; i++) {
    const x = W * (0.3 + i * 0.1);
    out += `<path d="M${r1(x)} ${r1(H * 0.78)} l -10 -60 l 10 -30 l 10 30 Z" fill="${p.ground}"/><circle cx="${r1(x)}" cy="${r1(H * 0.78 - 100)}" r="10" fill="${p.ground}"/>`;
  }
  return out;
}

function oasis({ W, H, p, rnd }: Scene): string {
  const ground = H * 0.75;
  let out = `<rect x="0" y="${r1(ground)}" width="${W}" height="${r1(H - ground)}" fill="${p.ground}"/>`;
  const mx = W * (0.55 + rnd() * 0.2);
  out += `<rect x="${r1(mx - W * 0.1)}" y="${r1(ground - H * 0.18)}" width="${r1(W * 0.2)}" height="${r1(H * 0.18)}" fill="${p.ground2}"/>`;
  out += `<path d="M${r1(mx - W * 0.06)} ${r1(ground - H * 0.18)} A ${r1(W * 0.06)} ${r1(H * 0.12)} 0 0 1 ${r1(mx + W * 0.06)} ${r1(ground - H * 0.18)} Z" fill="${p.ground2}"/>`;
  out += `<rect x="${r1(mx + W * 0.12)}" y="${r1(ground - H * 0.45)}" width="${r1(W * 0.02)}" height="${r1(H * 0.45)}" fill="${p.ground2}"/>`;
  for (let i = 0; i < 3; i++) {
    const x = W * (0.1 + i * 0.13 + rnd() * 0.04);
    const top = ground - H * (0.3 + rnd() * 0.15);
    out += `<path d="M${r1(x)} ${r1(ground)} Q ${r1(x + 20)} ${r1((ground + top) / 2)} ${r1(x + 10)} ${r1(top)}" stroke="${p.accent}" stroke-width="10" fill="none"/>`;
    for (const dx of [-70, -35, 35, 70]) {
      out += `<path d="M${r1(x + 10)} ${r1(top)} q ${dx / 2} -30 ${dx} 10" stroke="${p.accent}" stroke-width="9" fill="none" stroke-linecap="round"/>`;
    }
  }
  return out;
}

const DRAW: Record<Motif, (scene: Scene) => string> = {
  skyline,
  dunes,
  sea,
  coaster,
  slides,
  museum,
  mountains,
  wildlife,
  show,
  oasis,
};

function wrap(text: string, maxChars: number): string[] {
  const words = text.split(' ');
  const lines: string[] = [];
  let line = '';
  for (const word of words) {
    if (line && (line + ' ' + word).length > maxChars) {
      lines.push(line);
      line = word;
    } else {
      line = line ? `${line} ${word}` : word;
    }
  }
  if (line) lines.push(line);
  return lines.slice(0, 2);
}

export function artworkSvg(art: Artwork): string {
  const { width: W, height: H } = art;
  const rnd = random(`${art.seed}:${art.variant}`);
  const palettes = PALETTES[art.motif];
  const p = palettes[art.variant % palettes.length] ?? palettes[0];
  if (!p) throw new Error(`no palette for ${art.motif}`);
  const scene: Scene = { W, H, p, rnd, variant: art.variant };
  const sunX = W * (0.15 + rnd() * 0.7);
  const sunY = H * (0.15 + rnd() * 0.2);
  const stars = p.night
    ? Array.from(
        { length: 60 },
        () =>
          `<circle cx="${r1(W * rnd())}" cy="${r1(H * 0.5 * rnd())}" r="${r1(0.8 + rnd() * 1.6)}" fill="#ffffff" opacity="${r1(0.4 + rnd() * 0.6)}"/>`,
      ).join('')
    : '';
  const fontSize = Math.round(W / 30);
  const lines = art.title ? wrap(art.title, Math.round((W * 0.9) / (fontSize * 0.64))) : [];
  const bandTop = H - fontSize * (lines.length + 1.6);
  const titleSvg = lines
    .map(
      (line, i) =>
        `<text x="${Math.round(W * 0.05)}" y="${Math.round(bandTop + fontSize * (1.2 + i * 1.15))}" font-size="${fontSize}" font-weight="700">${esc(line)}</text>`,
    )
    .join('');
  const caption = lines.length
    ? [
        `<rect x="0" y="${r1(bandTop - fontSize)}" width="${W}" height="${r1(H - bandTop + fontSize)}" fill="url(#band)"/>`,
        `<g fill="#ffffff" font-family="DejaVu Sans, Liberation Sans, Arial, Helvetica, sans-serif">${titleSvg}`,
        `<text x="${Math.round(W * 0.05)}" y="${Math.round(H - fontSize * 0.45)}" font-size="${Math.round(fontSize * 0.5)}" opacity="0.9">${esc(art.subtitle)}</text></g>`,
      ].join('')
    : '';
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">`,
    `<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${p.skyTop}"/><stop offset="1" stop-color="${p.skyBottom}"/></linearGradient>`,
    `<linearGradient id="band" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.6"/></linearGradient></defs>`,
    `<rect width="${W}" height="${H}" fill="url(#sky)"/>`,
    stars,
    `<circle cx="${r1(sunX)}" cy="${r1(sunY)}" r="${r1(H * (p.night ? 0.05 : 0.08))}" fill="${p.sun}" opacity="0.95"/>`,
    DRAW[art.motif](scene),
    caption,
    '</svg>',
  ].join('');
}
