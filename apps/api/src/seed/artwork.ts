import { loadSharp } from '../media/image/sharp-setup.js';
import { createRandom, type Random } from './random.js';

/**
 * Pleasant, recognisable pictures for demo and generated content: gradient skies with simple shapes, drawn as
 * SVG and rendered to JPEG by sharp. No fonts are involved, so the output is the same on every machine.
 */
export const sceneKinds = ['mountains', 'sea', 'city', 'hills', 'bokeh', 'waves'] as const;
export type SceneKind = (typeof sceneKinds)[number];

interface Palette {
  skyTop: string;
  skyBottom: string;
  sun: string;
  far: string;
  mid: string;
  near: string;
}

export const palettes = {
  dusk: { skyTop: '#2b1055', skyBottom: '#ff9a8b', sun: '#ffe29f', far: '#8e4a8a', mid: '#5b2a6e', near: '#2a1238' },
  dawn: { skyTop: '#6a85b6', skyBottom: '#fbc2eb', sun: '#fff1c1', far: '#9aa8d8', mid: '#6c7bb8', near: '#3f4a7a' },
  meadow: { skyTop: '#56ccf2', skyBottom: '#d4fc79', sun: '#fffbd5', far: '#7fc97f', mid: '#4a9c5d', near: '#2d6a3e' },
  ocean: { skyTop: '#0f2027', skyBottom: '#2c7da0', sun: '#ffd6a5', far: '#61a5c2', mid: '#2a6f97', near: '#013a63' },
  desert: { skyTop: '#f7971e', skyBottom: '#ffd200', sun: '#fff7e0', far: '#e09f3e', mid: '#b5651d', near: '#7a3e12' },
  rose: { skyTop: '#ee9ca7', skyBottom: '#ffdde1', sun: '#ffffff', far: '#e8a0b4', mid: '#c06c84', near: '#6c3b52' },
  night: { skyTop: '#0b132b', skyBottom: '#3a506b', sun: '#f0f3bd', far: '#5bc0be', mid: '#1c2541', near: '#0b132b' },
  mint: { skyTop: '#43cea2', skyBottom: '#185a9d', sun: '#e0fff4', far: '#7be0c3', mid: '#2b8a8a', near: '#114b5f' },
} as const satisfies Record<string, Palette>;
export type PaletteName = keyof typeof palettes;
export const paletteNames = Object.keys(palettes) as PaletteName[];

export interface Artwork {
  bytes: Buffer;
  width: number;
  height: number;
}

const f = (n: number) => n.toFixed(1);

const skyGradient = (p: Palette) => `<linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
  <stop offset="0" stop-color="${p.skyTop}"/><stop offset="1" stop-color="${p.skyBottom}"/></linearGradient>
  <radialGradient id="glow"><stop offset="0" stop-color="${p.sun}" stop-opacity="0.9"/>
  <stop offset="1" stop-color="${p.sun}" stop-opacity="0"/></radialGradient>`;

const sun = (x: number, y: number, r: number, p: Palette) =>
  `<circle cx="${f(x)}" cy="${f(y)}" r="${f(r * 2.6)}" fill="url(#glow)"/><circle cx="${f(x)}" cy="${f(y)}" r="${f(r)}" fill="${p.sun}"/>`;

function ridge(w: number, h: number, base: number, jag: number, color: string, rnd: Random): string {
  const steps = 6 + rnd.int(5);
  const points = [`0,${h}`, `0,${f(base)}`];
  for (let i = 1; i < steps; i++) points.push(`${f((w * i) / steps)},${f(base - rnd.next() * jag)}`);
  points.push(`${w},${f(base - rnd.next() * jag * 0.5)}`, `${w},${h}`);
  return `<polygon points="${points.join(' ')}" fill="${color}"/>`;
}

function hill(w: number, h: number, base: number, swell: number, color: string, rnd: Random): string {
  const c1 = base - swell * (0.4 + rnd.next());
  const c2 = base - swell * (0.4 + rnd.next());
  return `<path d="M0 ${f(base)} C ${f(w * 0.3)} ${f(c1)}, ${f(w * 0.7)} ${f(c2)}, ${w} ${f(base - swell * 0.3)} L ${w} ${h} L 0 ${h} Z" fill="${color}"/>`;
}

function wave(w: number, y: number, amplitude: number, color: string, opacity: number, h: number): string {
  const segments = 4;
  let d = `M0 ${f(y)}`;
  for (let i = 0; i < segments; i++) {
    const x0 = (w * i) / segments;
    const dx = w / segments;
    d += ` Q ${f(x0 + dx / 4)} ${f(y - amplitude)}, ${f(x0 + dx / 2)} ${f(y)} T ${f(x0 + dx)} ${f(y)}`;
  }
  return `<path d="${d} L ${w} ${h} L 0 ${h} Z" fill="${color}" fill-opacity="${opacity}"/>`;
}

const scenes: Record<SceneKind, (w: number, h: number, p: Palette, rnd: Random) => string> = {
  mountains: (w, h, p, rnd) =>
    sun(w * (0.2 + rnd.next() * 0.6), h * 0.33, w * 0.07, p) +
    ridge(w, h, h * 0.58, h * 0.22, p.far, rnd) +
    ridge(w, h, h * 0.7, h * 0.2, p.mid, rnd) +
    ridge(w, h, h * 0.84, h * 0.16, p.near, rnd),
  sea: (w, h, p, rnd) => {
    const horizon = h * 0.58;
    const x = w * (0.3 + rnd.next() * 0.4);
    const glints = Array.from({ length: 7 }, (_, i) => {
      const width = w * (0.18 - i * 0.02);
      return `<rect x="${f(x - width / 2)}" y="${f(horizon + 14 + i * h * 0.045)}" width="${f(width)}" height="${f(h * 0.008)}" rx="4" fill="${p.sun}" fill-opacity="${(0.7 - i * 0.08).toFixed(2)}"/>`;
    }).join('');
    return `${sun(x, horizon - w * 0.02, w * 0.08, p)}<rect x="0" y="${f(horizon)}" width="${w}" height="${f(h - horizon)}" fill="${p.mid}"/>${glints}${wave(w, h * 0.8, h * 0.02, p.near, 0.6, h)}${wave(w, h * 0.9, h * 0.025, p.near, 0.9, h)}`;
  },
  city: (w, h, p, rnd) => {
    let out = sun(w * (0.15 + rnd.next() * 0.7), h * 0.25, w * 0.05, p);
    for (const [layer, color, top] of [
      [0, p.far, 0.45],
      [1, p.near, 0.6],
    ] as const) {
      let x = -rnd.int(40);
      while (x < w) {
        const bw = w * (0.06 + rnd.next() * 0.08);
        const by = h * (top + rnd.next() * 0.2);
        out += `<rect x="${f(x)}" y="${f(by)}" width="${f(bw)}" height="${f(h - by)}" fill="${color}"/>`;
        if (layer === 1) {
          for (let wy = by + 18; wy < h - 30; wy += 34) {
            for (let wx = x + 12; wx < x + bw - 20; wx += 28) {
              if (rnd.chance(0.45))
                out += `<rect x="${f(wx)}" y="${f(wy)}" width="12" height="16" fill="${p.sun}" fill-opacity="0.8"/>`;
            }
          }
        }
        x += bw + 4;
      }
    }
    return out;
  },
  hills: (w, h, p, rnd) => {
    let out = sun(w * (0.2 + rnd.next() * 0.6), h * 0.28, w * 0.06, p);
    out += hill(w, h, h * 0.62, h * 0.12, p.far, rnd) + hill(w, h, h * 0.74, h * 0.1, p.mid, rnd);
    out += hill(w, h, h * 0.86, h * 0.08, p.near, rnd);
    for (let i = 0; i < 5; i++) {
      const tx = w * (0.1 + rnd.next() * 0.8);
      const ty = h * (0.7 + rnd.next() * 0.05);
      out += `<rect x="${f(tx - 4)}" y="${f(ty)}" width="8" height="${f(h * 0.05)}" fill="${p.near}"/><circle cx="${f(tx)}" cy="${f(ty)}" r="${f(h * 0.03)}" fill="${p.near}"/>`;
    }
    return out;
  },
  bokeh: (w, h, p, rnd) =>
    Array.from({ length: 28 }, () => {
      const color = rnd.pick([p.sun, p.far, '#ffffff', p.skyBottom]);
      return `<circle cx="${f(rnd.next() * w)}" cy="${f(rnd.next() * h)}" r="${f(w * (0.02 + rnd.next() * 0.09))}" fill="${color}" fill-opacity="${(0.12 + rnd.next() * 0.3).toFixed(2)}"/>`;
    }).join(''),
  waves: (w, h, p, rnd) =>
    [p.far, p.mid, p.near, p.mid, p.near]
      .map((color, i) => wave(w, h * (0.35 + i * 0.13), h * (0.03 + rnd.next() * 0.04), color, 0.55 + i * 0.1, h))
      .join(''),
};

export interface SceneSpec {
  scene: SceneKind;
  palette: PaletteName;
  width: number;
  height: number;
  /** Varies the shapes: the same seed draws the same picture. */
  seed: string;
}

export function sceneSvg(spec: SceneSpec): string {
  const p = palettes[spec.palette];
  const body = scenes[spec.scene](spec.width, spec.height, p, createRandom(spec.seed));
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${spec.width}" height="${spec.height}" viewBox="0 0 ${spec.width} ${spec.height}">
<defs>${skyGradient(p)}</defs><rect width="100%" height="100%" fill="url(#sky)"/>${body}</svg>`;
}

/** A round-faced figure on a soft gradient: a friendly default profile picture. */
export function avatarSvg(palette: PaletteName, size = 400): string {
  const p = palettes[palette];
  const c = size / 2;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">
<defs>${skyGradient(p)}</defs><rect width="100%" height="100%" fill="url(#sky)"/>
<circle cx="${c}" cy="${f(size * 0.4)}" r="${f(size * 0.17)}" fill="${p.sun}"/>
<ellipse cx="${c}" cy="${f(size * 0.95)}" rx="${f(size * 0.32)}" ry="${f(size * 0.3)}" fill="${p.sun}"/>
<circle cx="${c}" cy="${c}" r="${f(size * 0.48)}" fill="none" stroke="${p.near}" stroke-opacity="0.35" stroke-width="${f(size * 0.03)}"/></svg>`;
}

/** Renders SVG to a progressive JPEG; the dimensions are read back from the encoder. */
export async function renderJpeg(svg: string): Promise<Artwork> {
  const sharp = await loadSharp();
  const { data, info } = await sharp(Buffer.from(svg))
    .jpeg({ quality: 82, progressive: true })
    .toBuffer({ resolveWithObject: true });
  return { bytes: data, width: info.width, height: info.height };
}
